"""What a user installs: the wheel (its .qm compiled by the build, no screenshots, the metadata),
the sdist's manifest, the dependencies' tested lower bounds, the translation never written into an
installed package, and scripts/setup.sh's checks."""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from desktop.i18n import catalog

REPO = Path(__file__).resolve().parent.parent
ZH = "zh_CN"


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dependencies() -> dict[str, Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {r.name.lower(): r for r in map(Requirement, project["dependencies"])}


# -- the dependencies' lower bounds ---------------------------------------------------------------

def test_the_lower_bounds_exclude_the_releases_measured_failing():
    deps = dependencies()
    assert not deps["numpy"].specifier.contains("1.26.4") and deps["numpy"].specifier.contains("2.0.0")
    assert not deps["ziamath"].specifier.contains("0.10") and deps["ziamath"].specifier.contains("0.11")


def test_every_dependency_is_pinned_to_its_lower_bound_for_the_minimum_check():
    minimum = load_script("minimum_versions")
    deps = dependencies()
    pins = list(map(Requirement, minimum.minimum_pins([str(r) for r in deps.values()])))
    assert sorted(p.name.lower() for p in pins) == sorted(deps)
    for pin in pins:
        (spec,) = pin.specifier
        assert spec.operator == "=="
        lower = next(s.version for s in deps[pin.name.lower()].specifier if s.operator == ">=")
        assert Version(spec.version) == Version(lower)
    with pytest.raises(SystemExit, match="no lower bound"):
        minimum.minimum_pins(["numpy"])


def test_ci_runs_the_readme_test_command_which_checks_the_minimum_versions_first():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1] == "exec scripts/dev.sh test"
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "scripts/dev.sh test    # run the tests" in readme
    dev = (REPO / "scripts" / "dev.sh").read_text(encoding="utf-8")
    test_case = dev[dev.index("    test)"):dev.index("    minimum)")]
    # with no pytest arguments: the minimum-versions check, then the suite; the status of both counts
    assert test_case.index("scripts/minimum_versions.py") < test_case.index("-m pytest")
    assert 'if [ $# -eq 0 ]' in test_case and 'status=$rc' in test_case
    assert re.search(r"minimum\)\n.*\n\s+exec .*scripts/minimum_versions\.py", dev)


# -- the wheel ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """A wheel built by the project's build backend from a copy of what it packages (no build
    isolation: setuptools and PySide6's lrelease come from this environment)."""
    tree = tmp_path_factory.mktemp("tree")
    for name in ("core", "desktop", "resources", "scripts"):
        shutil.copytree(REPO / name, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.qm"))
    for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"):
        shutil.copyfile(REPO / name, tree / name)
    out = tmp_path_factory.mktemp("dist")
    code = ("import sys; sys.path.insert(0, 'scripts'); import build_backend; "
            f"print(build_backend.build_wheel({str(out)!r}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return zipfile.ZipFile(out / done.stdout.strip().splitlines()[-1])


def test_the_wheel_ships_the_compiled_translation(wheel, tmp_path, qapp):
    from PySide6.QtCore import QTranslator
    names = wheel.namelist()
    qm = f"resources/i18n/{catalog.qm_name(ZH)}"
    assert qm in names and f"resources/i18n/{catalog.ts_path(ZH).name}" in names
    (tmp_path / "zh.qm").write_bytes(wheel.read(qm))
    translator = QTranslator()
    assert translator.load(str(tmp_path / "zh.qm"))
    assert translator.translate("MainWindow", "&File") == "文件(&F)"


def test_the_wheel_has_the_packages_and_lessons_but_no_screenshots(wheel):
    names = wheel.namelist()
    assert "core/cli.py" in names and "desktop/launcher.py" in names and "resources/lessons/01_blitz_mean.py" in names
    assert "core/ops/fma_chain.c" in names                          # compiled on first use (core/ops/native.py)
    assert (REPO / "resources" / "screenshots").is_dir()           # they are in the repository...
    assert not [n for n in names if "screenshots" in n]             # ...and not in the wheel
    assert not [n for n in names if n.startswith(("tests/", "scripts/", "bench/"))]


def test_the_wheel_metadata(wheel):
    info = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    meta = Parser().parsestr(wheel.read(info).decode("utf-8"))
    assert meta["License-Expression"] == "MIT" and meta["Author"] == "The Backprop Lens developers"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in wheel.namelist())
    python = SpecifierSet(meta["Requires-Python"])
    assert python.contains("3.11") and not python.contains("3.10")
    required = {Requirement(r).name.lower(): Requirement(r) for r in meta.get_all("Requires-Dist")
                if "extra ==" not in r}
    assert not required["numpy"].specifier.contains("1.26.4")
    extras = [r.split(";")[0].strip() for r in meta.get_all("Requires-Dist") if 'extra == "torch"' in r]
    assert extras == ["torch==2.13.0"]
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert urls["Source"].startswith("https://github.com/")
    assert any(c.startswith("Programming Language :: Python :: 3.11") for c in meta.get_all("Classifier"))
    # the long description renders on a package index: every image and link is absolute
    readme = meta.get_payload()
    targets = re.findall(r"\]\(([^)]+)\)", readme)
    assert targets and all(t.startswith(("https://", "http://", "#")) for t in targets), targets


# -- the sdist ------------------------------------------------------------------------------------

@pytest.mark.skipif(not (REPO / ".git").exists(), reason="not a git checkout")
def test_the_sdist_manifest_takes_every_tracked_top_level_entry():
    tracked = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    top = {path.split("/")[0] for path in tracked} - {".gitignore"}
    manifest = (REPO / "MANIFEST.in").read_text(encoding="utf-8")
    taken = set(re.findall(r"^graft (\S+)", manifest, re.M))
    for line in re.findall(r"^include (.+)$", manifest, re.M):
        taken.update(path.split("/")[0] for path in line.split())
    assert top <= taken, f"not in the sdist: {sorted(top - taken)}"


# -- the translation at run time ------------------------------------------------------------------

def test_site_packages_counts_as_installed_and_the_checkout_does_not():
    assert catalog.installed(Path(sysconfig.get_paths()["purelib"]) / "resources" / "i18n")
    assert not catalog.installed(REPO / "resources" / "i18n")


def test_an_installed_package_is_never_written_to(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "resources" / "i18n"
    package.mkdir(parents=True)
    ts = package / catalog.ts_path(ZH).name
    shutil.copyfile(catalog.ts_path(ZH), ts)
    monkeypatch.setattr(catalog, "i18n_folder", lambda: package)
    monkeypatch.setattr(catalog, "installed", lambda folder: Path(folder) == package)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    # without a shipped .qm: built into the user's cache, the package folder left as it was
    built = catalog.ensure_built(ZH)
    assert built == tmp_path / "cache" / "backprop-lens" / "i18n" / catalog.qm_name(ZH)
    assert sorted(p.name for p in package.iterdir()) == [ts.name]

    # a shipped .qm is used as it is, even when installing left it a little older than the .ts
    shipped = package / catalog.qm_name(ZH)
    shutil.copyfile(built, shipped)
    os.utime(shipped, (time.time() - 60, time.time() - 60))
    before = shipped.stat().st_mtime_ns
    assert catalog.ensure_built(ZH) == shipped and shipped.stat().st_mtime_ns == before


# -- scripts/setup.sh -----------------------------------------------------------------------------

def fake_command(folder: Path, name: str, script: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    path.chmod(0o755)


def test_setup_refuses_a_python_older_than_3_11(tmp_path):
    fake_command(tmp_path, "python3.10", 'case "$*" in *platform*) echo 3.10.4;; *) exit 1;; esac\n')
    done = subprocess.run(["bash", str(REPO / "scripts" / "setup.sh")], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHON=str(tmp_path / "python3.10")))
    assert done.returncode == 1
    assert "is Python 3.10.4; Backprop Lens needs Python 3.11 or newer" in done.stderr


def test_setup_without_root_says_exactly_what_to_install(tmp_path):
    # every apt package missing, and apt not allowed: the command to run, and a stop (Qt cannot run)
    fake_command(tmp_path, "dpkg-query", "echo not-installed\n")
    env = dict(os.environ, SKIP_APT="1", PATH=f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    done = subprocess.run(["bash", str(REPO / "scripts" / "setup.sh")], capture_output=True, text=True, timeout=60,
                          env=env)
    assert done.returncode == 1
    line = re.search(r"apt-get install --no-install-recommends (.*)", done.stderr).group(1).split()
    for package in ("libegl1", "libxkbcommon0", "libxcb-cursor0", "libxkbcommon-x11-0", "fonts-wqy-microhei"):
        assert package in line
    assert "Qt cannot run without them: libegl1" in done.stderr and "SKIP_APT is set" in done.stderr
