"""The project's own test programs, run with core.torch as ``torch`` and in real PyTorch.

A folder of ``NAME.py`` programs (written by the project, never a user's) with
``NAME.out`` beside each: what PyTorch 2.13.0 printed.  :func:`run_ours` runs a
program with core.torch installed as ``torch``; :func:`run_torch` runs it in
real PyTorch in a child process; ``record(folder)`` rewrites the ``.out`` files.
Object addresses are written as ``0x…`` (they differ from run to run).
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
import runpy
import subprocess
import sys
from pathlib import Path

import core.torch
from core.machine import MODELLED_CPU, cpu_is_modelled

HAS_TORCH = importlib.util.find_spec("torch") is not None
# float32 bits compared with the local PyTorch only where it rounds as on the recording machine
# (core/machine.py); elsewhere the recordings stand for it
LIVE_BITS = HAS_TORCH and cpu_is_modelled()
NOT_THIS_CPU = ("this CPU's PyTorch rounds float32 otherwise (MKL, oneDNN and Sleef pick other kernels than on "
                f"{MODELLED_CPU}, where the recordings were made): the recorded numbers were checked instead")


def _normal(text: str) -> str:
    return re.sub(r"0x[0-9a-f]+", "0x…", text)


def programs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.py"))


def run_ours(path: Path) -> str:
    buf = io.StringIO()
    with core.torch.installed(), contextlib.redirect_stdout(buf):
        runpy.run_path(str(path), run_name="__main__")
    return _normal(buf.getvalue())


def run_torch(path: Path) -> str:
    return _normal(subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=120,
                                  check=True).stdout)


def record(folder: Path) -> None:
    import torch
    assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
    for path in programs(folder):
        path.with_suffix(".out").write_text(run_torch(path))
        print("recorded", path.with_suffix(".out"))


class InterpreterPrograms:
    """A folder ``tests/data/NAME/`` of the project's programs that the interpreter runs, and beside it
    ``tests/data/NAME.json``: what PyTorch 2.13.0 printed for each (``record()`` rewrites it with real torch;
    ``torch_stdout`` re-runs one there, for the tests that re-check the recording when torch is installed)."""

    def __init__(self, name: str):
        self.folder = Path(__file__).resolve().parent / "data" / name
        self.record_path = self.folder.with_suffix(".json")
        self.names = sorted(p.stem for p in self.folder.glob("*.py"))

    def source(self, name: str) -> str:
        return (self.folder / f"{name}.py").read_text()

    def recorded(self) -> dict:
        return json.loads(self.record_path.read_text())

    def torch_stdout(self, name: str) -> str:
        """What real PyTorch prints for the program."""
        return subprocess.run([sys.executable, str(self.folder / f"{name}.py")], capture_output=True, text=True,
                              timeout=120, check=True).stdout

    def record(self) -> None:
        import torch
        assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
        self.record_path.write_text(json.dumps({n: self.torch_stdout(n) for n in self.names}, indent=1,
                                               sort_keys=True) + "\n")
        print(f"recorded {len(self.names)} programs in {self.record_path}")
