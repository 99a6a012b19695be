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
