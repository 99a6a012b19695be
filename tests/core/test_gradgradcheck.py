"""torch.autograd.gradgradcheck (tests/data/corpus/pttut_custom_function_double_backward): the backward's own
backward against central differences; PyTorch's draws of the grad_outputs it makes up (uniform in [-1, 1) from the
global generator, so a later torch.rand is PyTorch's), its GradcheckError for a backward autograd cannot follow,
the float32 warnings for the inputs and the made-up grad_outputs; against what PyTorch 2.13.0 printed (re-checked
with real torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = '''import torch
torch.manual_seed(0)
x = torch.rand(3, requires_grad=True, dtype=torch.double)
print(torch.autograd.gradgradcheck(lambda t: t ** 3, x))
print(torch.rand(2, dtype=torch.double))
print(torch.autograd.gradgradcheck(lambda t: t * 2, x, torch.ones(3, dtype=torch.double)))

class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t ** 3

    @staticmethod
    def backward(ctx, g):
        t, = ctx.saved_tensors
        return g * 3 * t.detach() ** 2

y = torch.tensor([2.0], dtype=torch.double, requires_grad=True)
print(torch.autograd.gradcheck(Cube.apply, y))
try:
    torch.autograd.gradgradcheck(Cube.apply, y)
except RuntimeError as err:
    print(type(err).__name__, err)
print(torch.autograd.gradgradcheck(Cube.apply, y, raise_exception=False))
print(torch.autograd.gradgradcheck(lambda t: t.sin(), torch.tensor([0.5], requires_grad=True), atol=0.1))
'''

PRINTED = '''True
tensor([0.1786, 0.3511], dtype=torch.float64)
True
True
GradcheckError Jacobian mismatch for output 0 with respect to input 0,
numerical:tensor([[1.9522]], dtype=torch.float64)
analytical:tensor([[0.]], dtype=torch.float64)

False
True
'''
WARNED = [f"Input #{i} requires gradient and is not a double precision floating point or complex. This check will "
          "likely fail if all the inputs are not of double precision floating point or complex. " for i in (0, 1)]


def test_gradgradcheck_runs_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED
    assert [(w.category, w.message) for w in r.warnings] == [("UserWarning", m) for m in WARNED]


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    done = subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout == PRINTED
    assert all(m in done.stderr for m in WARNED)
