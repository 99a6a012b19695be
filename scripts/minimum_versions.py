"""Check the declared lower bounds: install the oldest release each dependency allows and run
the tests that use them.

pyproject.toml's ``dependencies`` are the one declaration: each ``name>=X`` is installed as
``name==X`` (PySide6-Essentials>=6.8,<6.12 as ==6.8) in a virtual environment of its own
(in the user's cache folder, so that a machine makes it once: it is re-made when the pins
change), with the test runner (:data:`RUNNERS`, from the test extra), and :data:`TESTS` run
there against this source tree. Those tests use every dependency: numpy's
dtypes and printing (numpy 1.26 fails them: float64 where PyTorch gives float32), the symbolic
Jacobian (sympy, symengine), the typeset formulas (ziamath: 0.10 fails them), the graph's layout
(pygraphviz) and the window (PySide6).

    python scripts/minimum_versions.py            run by .ci/run after the suite; exit status pytest's
    python scripts/minimum_versions.py --pins     print the pins and exit
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import tomllib
import venv
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "backprop-lens-dev" / "minimum-venv"
# what TESTS need of the test extra (the rest of it, the notebook's kernel and import-linter, they do not)
RUNNERS = ("pytest", "pytest-qt", "hypothesis")
TESTS = [
    "tests/core/test_printing.py",
    "tests/core/test_dtype_names.py",
    "tests/core/test_oracle_cases.py",
    "tests/core/test_export.py",
    "tests/desktop/test_exports.py",
    "tests/desktop/test_local_derivative_inspector.py",
]


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def minimum_pins(dependencies: list[str]) -> list[str]:
    """``name==X`` for each dependency's lower bound ``>=X``; a dependency without one is an error
    (its oldest release was never tested)."""
    pins = []
    for text in dependencies:
        requirement = Requirement(text)
        lower = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        if len(lower) != 1:
            raise SystemExit(f"minimum_versions: {text!r} has no lower bound (>=X) to test")
        pins.append(f"{requirement.name}=={lower[0]}")
    return pins


def main(argv: list[str]) -> int:
    meta = project()
    pins = minimum_pins(meta["dependencies"])
    if "--pins" in argv:
        print("\n".join(pins))
        return 0
    runners = [r for r in meta["optional-dependencies"]["test"] if Requirement(r).name in RUNNERS]
    if len(runners) != len(RUNNERS):
        raise SystemExit(f"minimum_versions: the test extra lacks one of {RUNNERS}")
    start = time.monotonic()
    python = VENV / "bin" / "python"
    stamp = VENV / ("installed-" + "-".join(sorted(pins + runners)).replace("/", "_").replace("==", "_"))
    if not stamp.exists():
        print(f"minimum_versions: installing {' '.join(pins)} into {VENV}", flush=True)
        venv.EnvBuilder(clear=True, with_pip=True).create(VENV)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *pins, *runners],
                       check=True)
        stamp.touch()
    freeze = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check"],
                            capture_output=True, text=True, check=True).stdout.split()
    installed = {canonicalize_name(name): Version(version) for name, _, version in
                 (line.partition("==") for line in freeze)}
    wrong = [pin for pin in map(Requirement, pins)
             if installed.get(canonicalize_name(pin.name)) != Version(next(iter(pin.specifier)).version)]
    if wrong:
        print(f"minimum_versions: not the oldest releases after installing: {wrong}", file=sys.stderr)
        return 1
    print(f"minimum_versions: {', '.join(pins)}; running {len(TESTS)} test files", flush=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    status = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS],
                            cwd=ROOT, env=env).returncode
    print(f"minimum_versions: {'passed' if status == 0 else 'FAILED'} in {time.monotonic() - start:.0f} s",
          flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
