"""Issue 12, "everything else real programs call": strides and storage offsets, the in-place view methods, the
norms of torch.linalg, cdist, tensordot, kron, rot90, kthvalue, mode, bincount, histc, bucketize, solve, qr and
multinomial.  Each program in tests/data/tensor_extras/ runs in the interpreter and prints what PyTorch 2.13.0
printed for it (recorded in tests/data/tensor_extras.json by ``python tests/core/test_tensor_extras.py``, and
re-checked against real torch when it is installed)."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:   # run as a script
    sys.path.insert(0, str(ROOT))

from core.interp import run_program  # noqa: E402
from tests.recorded_programs import InterpreterPrograms  # noqa: E402

PROGRAMS = InterpreterPrograms("tensor_extras")
NAMES = PROGRAMS.names


def test_every_program_is_recorded():
    assert sorted(PROGRAMS.recorded()) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_runs_as_pytorch_printed_it(name):
    r = run_program(PROGRAMS.source(name))
    assert r.error is None, r.error
    assert r.stdout == PROGRAMS.recorded()[name]


@pytest.mark.parametrize("name", NAMES)
def test_the_recording_is_pytorchs(name):
    pytest.importorskip("torch")
    assert PROGRAMS.torch_stdout(name) == PROGRAMS.recorded()[name]


if __name__ == "__main__":
    PROGRAMS.record()
