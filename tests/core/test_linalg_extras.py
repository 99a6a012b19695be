"""The torch.linalg functions linear-regression and PCA tutorials call: lstsq, pinv, matrix_rank, cholesky, eigh and
eigvalsh.  Each program in tests/data/linalg_extras/ runs in the interpreter and prints what PyTorch
2.13.0 printed for it (recorded in tests/data/linalg_extras.json by ``python tests/core/test_linalg_extras.py``, and
re-checked against real torch when it is installed)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:   # run as a script
    sys.path.insert(0, str(ROOT))

from core.interp import run_program  # noqa: E402

PROGRAMS = ROOT / "tests" / "data" / "linalg_extras"
RECORD = ROOT / "tests" / "data" / "linalg_extras.json"
NAMES = sorted(p.stem for p in PROGRAMS.glob("*.py"))


def torch_stdout(name):
    """What real PyTorch prints for the program."""
    return subprocess.run([sys.executable, str(PROGRAMS / f"{name}.py")], capture_output=True, text=True,
                          timeout=120, check=True).stdout


def test_every_program_is_recorded():
    assert sorted(json.loads(RECORD.read_text())) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_runs_as_pytorch_printed_it(name):
    r = run_program((PROGRAMS / f"{name}.py").read_text())
    assert r.error is None, r.error
    assert r.stdout == json.loads(RECORD.read_text())[name]


@pytest.mark.parametrize("name", NAMES)
def test_the_recording_is_pytorchs(name):
    pytest.importorskip("torch")
    assert torch_stdout(name) == json.loads(RECORD.read_text())[name]


if __name__ == "__main__":
    import torch
    assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
    RECORD.write_text(json.dumps({n: torch_stdout(n) for n in NAMES}, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(NAMES)} programs in {RECORD.relative_to(ROOT)}")
