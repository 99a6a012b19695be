"""The PyTorch scripts the analysis writes, run in real PyTorch.

For every recorded program (tests/data/examples, tests/data/oracle) that the
analysis can analyse, :func:`scripts` gives the plain PyTorch script
(``Analysis.pytorch_script``).  :func:`run_in_pytorch` runs a batch of them in
one child process with real torch (the scripts are written by the project from
recorded numbers; user programs are never run this way) and returns what each
printed, or the error it raised.

``python tests/pytorch_scripts.py`` (with torch 2.13.0 installed) records
those outputs in tests/data/pytorch_scripts.json, so that the tests compare the
analysis with what real PyTorch printed even where torch is not installed.
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from tests.oracle import DATA, case_paths  # noqa: E402

RECORD = DATA / "pytorch_scripts.json"

_RUNNER = r"""
import contextlib, io, json, runpy, sys, warnings
warnings.simplefilter("ignore")
out = {}
for name, path in json.loads(sys.stdin.read()).items():
    buf = io.StringIO()
    error = None
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path(path, run_name="__main__")
    except Exception as e:
        error = {"type": type(e).__name__, "message": str(e)}
    out[name] = {"stdout": buf.getvalue(), "error": error}
import torch
print(json.dumps({"torch": torch.__version__.split("+")[0], "results": out}))
"""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


SYMBOLIC_SECONDS = 120.0


def analyses():
    """(case name, Analysis) for every recorded program the analysis accepts."""
    from core.analysis import AnalysisError, analyze
    for path in case_paths():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                # the symbolic stage's budget is time: generous here, so a loaded machine (the suite
                # beside other work) still gets the whole J these tests compare with PyTorch's
                a = analyze(path.read_text(), pytorch="off", symbolic_seconds=SYMBOLIC_SECONDS)
            except AnalysisError:
                continue
        yield path.stem, a


def run_in_pytorch(scripts: dict[str, str], python: str = sys.executable, timeout: float = 600) -> dict:
    """Run ``{name: script text}`` in one child process with real torch."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, text in scripts.items():
            p = Path(tmp) / f"{name}.py"
            p.write_text(text)
            paths[name] = str(p)
        done = subprocess.run([python, "-c", _RUNNER], input=json.dumps(paths), capture_output=True, text=True,
                              timeout=timeout, cwd=tmp)
    if done.returncode != 0:
        raise RuntimeError(f"the runner failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def parse(stdout: str) -> dict:
    """The ``name = [numbers]`` lines a script prints, as {name: value}."""
    values = {}
    for line in stdout.splitlines():
        key, sep, text = line.partition(" = ")
        if sep:
            values[key] = None if text == "None" else json.loads(
                text.replace("nan", "NaN").replace("-inf", "-Infinity").replace("inf", "Infinity"))
    return values


def main() -> int:
    scripts = {name: a.pytorch_script for name, a in analyses() if a.pytorch_script is not None}
    ran = run_in_pytorch(scripts)
    record = {"torch": ran["torch"], "cases": {
        name: {"script": digest(scripts[name]), **ran["results"][name]} for name in sorted(scripts)}}
    RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(scripts)} scripts run by torch {ran['torch']} in {RECORD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
