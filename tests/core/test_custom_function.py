"""torch.autograd.Function: behaviour as PyTorch 2.13 shows it, and the custom backward checked.

The programs in tests/data/custom_functions are the project's own (Python
subclasses of Function, run with core.torch installed as ``torch``); what real
PyTorch printed for each is in its ``.out`` file (``python
tests/core/test_custom_function.py`` re-records them with torch 2.13.0), and is
compared again live when torch is installed.  The second half checks the new
witness: the symbolic trace of a custom forward, the local Jacobian it implies
at the node, and a deliberately wrong backward caught by both.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import symengine as se

import core.torch
from core.analysis.trace import GraphNames, TraceRecorder
from core.autograd import engine
from core.symbolic.jacobian import jacobian
from core.symbolic.shadow import Shadow
from core.torch.autograd import Function
from tests.recorded_programs import HAS_TORCH, programs, record, run_ours, run_torch

DATA = Path(__file__).resolve().parents[1] / "data" / "custom_functions"
PROGRAMS = programs(DATA)


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.stem)
def test_a_custom_function_prints_what_pytorch_printed(path):
    assert run_ours(path) == path.with_suffix(".out").read_text()


@pytest.mark.skipif(not HAS_TORCH, reason="compared with the recording above when torch is not installed")
@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.stem)
def test_the_recording_is_what_pytorch_prints_now(path):
    assert run_torch(path) == path.with_suffix(".out").read_text()


class MyExp(Function):
    @staticmethod
    def forward(ctx, i):
        r = i.exp()
        ctx.save_for_backward(r)
        return r

    @staticmethod
    def backward(ctx, g):
        r, = ctx.saved_tensors
        return g * r


class WrongExp(MyExp):
    @staticmethod
    def backward(ctx, g):
        r, = ctx.saved_tensors
        return g * r * 2            # a student's mistake: twice the derivative


class MyReLU(Function):
    @staticmethod
    def forward(ctx, i):
        ctx.save_for_backward(i)
        out = i.clone()
        out[out < 0] = 0            # written in place inside the forward, as tutorials do
        return out

    @staticmethod
    def backward(ctx, g):
        i, = ctx.saved_tensors
        gi = g.clone()
        gi[i < 0] = 0
        return gi


def _traced(fn_class):
    torch = core.torch
    with Shadow() as sh:
        x = torch.tensor([1., -2.], requires_grad=True)
        h = x * 3
        y = fn_class.apply(h)
        out = y.sum()
    values = {s: se.RealDouble(float(v)) for t, syms in sh.leaves
              for s, v in zip(np.asarray(syms).ravel(), np.asarray(t._data, dtype=np.float64).ravel())}
    (J,), _ = jacobian(out._sym, [x._sym], values)
    rec = TraceRecorder(GraphNames({"x": x, "h": h, "y": y, "out": out}))
    engine._recorder[0] = rec
    try:
        out.backward()
    finally:
        engine._recorder[0] = None
    step = next(s for s in rec.steps if s.grad_fn == fn_class.__name__ + "Backward")
    return x, J, step


def test_the_symbolic_jacobian_comes_from_the_forward_the_program_wrote():
    x, J, step = _traced(MyExp)
    assert np.allclose(J, 3 * np.exp(3 * np.array([1., -2.])))
    assert np.allclose(x.grad._data, J, rtol=1e-5)
    (name, implied, match), = step.implied
    assert name == "h" and match and np.allclose(implied, np.exp([3., -6.]), rtol=1e-6)


def test_a_wrong_custom_backward_is_caught_at_its_node():
    x, J, step = _traced(WrongExp)
    assert np.allclose(x.grad._data, 2 * J, rtol=1e-5)      # the engine runs the program's backward
    (name, implied, match), = step.implied
    sent = step.grads_out[0][2]
    assert not match and np.allclose(sent, 2 * implied, rtol=1e-5)
    assert "Custom autograd.Function" in step.local_notes[0]


def test_a_forward_written_in_place_is_traced_too():
    x, J, step = _traced(MyReLU)
    assert np.allclose(J, [3., 0.]) and np.allclose(x.grad._data, [3., 0.])
    assert step.implied[0][2]



@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_report_shows_what_the_forward_implies_beside_what_was_sent(lang):
    from core.export.html_report import _step_row, _Typesetter
    from core.export.texts import texts
    _, _, step = _traced(WrongExp)
    t = texts(lang)
    row = _step_row(step.to_json(), {}, t, _Typesetter(t, enabled=False, seconds=None))
    implied = t["implied_differs"].format(name="h", value="[20.085537, 0.0024787523]")
    assert implied.replace("'", "&#x27;") in row
    assert "[40.171074, 0.0049575046]" in row    # what the program's (doubled) backward sent


if __name__ == "__main__":
    record(DATA)
