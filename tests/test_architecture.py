"""The layout's rules (DESIGN.md, STYLE.md), checked on the source itself."""

import ast
import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_CALLS = {"eval", "exec", "compile", "sympify", "parse_expr"}
MATH_LIBRARIES = {"numpy", "sympy", "symengine", "torch"}


def python_files(package: str) -> list[Path]:
    return sorted(path for path in (REPO_ROOT / package).rglob("*.py")
                  if "__pycache__" not in path.parts)


def run_fresh_python(code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    return subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_importing_every_core_module_loads_no_qt():
    code = (
        "import pkgutil, sys, core\n"
        "names = [m.name for m in pkgutil.walk_packages(core.__path__, 'core.')]\n"
        "for name in names:\n"
        "    __import__(name)\n"
        "qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
        "print(len(names), 'modules;', 'Qt modules loaded:', qt)\n"
        "sys.exit(1 if qt else 0)\n"
    )
    result = run_fresh_python(code)
    assert result.returncode == 0, result.stdout + result.stderr


def test_launcher_and_headless_cli_load_no_qt():
    code = (
        "import sys, contextlib, io\n"
        "import desktop.launcher\n"
        "with contextlib.redirect_stderr(io.StringIO()):\n"
        "    desktop.launcher.main(['run', 'nothing.py', '--json'])\n"
        "qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
        "print('Qt modules loaded:', qt)\n"
        "sys.exit(1 if qt else 0)\n"
    )
    result = run_fresh_python(code)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_app_process_does_not_load_the_analysis():
    # the analysis runs in core's service process; the window only exchanges frames with it
    # (importing core.service here once cost 0.7 s of cold start)
    code = (
        "import os, sys\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "import desktop.app, desktop.main_window, desktop.worker\n"
        "heavy = sorted(m for m in ('core.service', 'core.analysis', 'sympy', 'symengine') if m in sys.modules)\n"
        "print('loaded:', heavy)\n"
        "sys.exit(1 if heavy else 0)\n"
    )
    result = run_fresh_python(code)
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_never_calls_eval_exec_compile_sympify_or_parse_expr():
    offences = []
    for path in python_files("core"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            # Attribute calls: sympy.sympify(...), builtins.eval(...); re.compile is fine.
            name = (func.id if isinstance(func, ast.Name)
                    else func.attr if isinstance(func, ast.Attribute)
                    and (func.attr in {"sympify", "parse_expr"}
                         or (isinstance(func.value, ast.Name) and func.value.id == "builtins"))
                    else None)
            if name in FORBIDDEN_CALLS:
                offences.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno}: {name}(")
    assert offences == [], "programs are data, never code:\n" + "\n".join(offences)


def test_desktop_does_not_import_math_libraries():
    offences = []
    for path in python_files("desktop"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                if module.split(".")[0] in MATH_LIBRARIES:
                    offences.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno}: {module}")
    assert offences == [], "desktop displays what core computes:\n" + "\n".join(offences)


def test_every_code_folder_is_a_package():
    # Folders without __init__.py are left out of the wheel (namespaces = false in
    # pyproject.toml) and skipped by pkgutil.walk_packages above.
    missing = sorted(str(folder.relative_to(REPO_ROOT))
                     for package in ("core", "desktop")
                     for folder in {path.parent for path in python_files(package)}
                     if not (folder / "__init__.py").exists())
    assert missing == []


def test_core_keeps_its_layers():
    """pyproject.toml's import-linter contract: each layer of core imports only
    the layers below it (function-local imports count too)."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=REPO_ROOT, capture_output=True, text=True,
                            timeout=300, env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def import_circles(package: str) -> list[list[str]]:
    """Every import circle among ``package``'s modules (function-local imports
    included), each as the modules around it, found by a depth-first search."""
    import grimp
    graph = grimp.build_graph(package)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    circles, state = [], {}

    def visit(m, path):
        state[m] = "open"
        path.append(m)
        for n in edges.get(m, ()):
            if state.get(n) == "open":
                circles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n, path)
        path.pop()
        state[m] = "done"
    for m in sorted(edges):
        if m not in state:
            visit(m, [])
    return circles


def test_core_has_no_import_circle():
    assert import_circles("core") == []


def test_an_import_circle_would_be_found(tmp_path, monkeypatch):
    (tmp_path / "loop").mkdir()
    (tmp_path / "loop" / "__init__.py").write_text("")
    (tmp_path / "loop" / "a.py").write_text("from loop import b\n")
    (tmp_path / "loop" / "b.py").write_text("def f():\n    from loop import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_circles("loop") == [["loop.a", "loop.b", "loop.a"]]


def test_the_registry_is_complete_in_a_fresh_process():
    # core.ops's own doctest: REGISTRY must not depend on what was imported before it
    result = run_fresh_python("import doctest, sys, core.ops, core.ops.registry\n"
                              "failed = doctest.testmod(core.ops).failed + doctest.testmod(core.ops.registry).failed\n"
                              "sys.exit(1 if failed else 0)\n")
    assert result.returncode == 0, result.stdout + result.stderr


def test_pyside_does_not_leak_references_to_none(qapp):
    """PySide6 6.12.0 on Python 3.11 lowers None's refcount on every void call
    (the process aborts after a few thousand); pyproject pins a version without it."""
    import sys

    from PySide6.QtWidgets import QLabel
    label = QLabel()
    before = sys.getrefcount(None)
    for _ in range(2000):
        label.setText("x")
    assert before - sys.getrefcount(None) < 100
