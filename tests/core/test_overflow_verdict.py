"""The verdict compares in the program's dtype (issue 14, "Numbers").

e¹⁰⁰ is 2.69e43 in float64 and inf in float32: a program's float32 x.grad of
exp(x) at 100 is inf in the engine as in PyTorch, and the verdict must say so
rather than hold it to the float64 number.  The float64 replay of the forward
(the central differences' first check) holds the program's inf the same way.
"""
import textwrap

import numpy as np
import pytest

from core.analysis import analyze
from core.analysis.analysis import NO_REPLAY, NO_REPLAY_OVERFLOW
from core.analysis.verdict import compare, in_dtype, narrowest


def run(src, **kw):
    return analyze(textwrap.dedent(src).lstrip("\n"), **kw)


def test_in_dtype_makes_what_overflows_the_dtype_infinite():
    held, largest = in_dtype(np.array([1.0, -2.69e43, 3.4e38, np.nan, np.inf]), np.float32)
    assert held[0] == 1.0 and held[1] == -np.inf and held[2] == np.float64(3.4e38)
    assert np.isnan(held[3]) and held[4] == np.inf and largest == 2.69e43
    assert in_dtype(np.array([2.69e43]), np.float64)[1] is None
    assert in_dtype(np.array([7.0e4]), np.float16)[0][0] == np.inf
    assert narrowest(np.float64, np.float32) == np.float32 and narrowest(np.int64) == np.float64


def test_nan_still_differs_from_a_number():
    assert not compare(np.array([np.nan]), np.array([0.0]))[1]
    assert compare(np.array([np.nan, np.inf]), np.array([np.nan, np.inf]))[1]


def test_exp_past_float32s_range_agrees_with_pytorchs_inf():
    a = run("""
        import torch
        x = torch.tensor(100., requires_grad=True)
        y = torch.exp(x)
        y.backward()
        """, pytorch="off")
    assert a.backward["x"] == np.inf and a.vjp["x"] == np.inf
    assert a.jacobian["x"] == pytest.approx(np.exp(100.0))      # J itself is shown as it is, in float64
    assert a.match is True
    assert "J is finite in float64 (2.69e+43) but overflows float32, as PyTorch's does: the verdict compares " \
           "those entries as infinities" in a.notes
    assert NO_REPLAY not in a.notes and a.differences is not None and a.differences["match"]


def test_a_zero_weight_on_an_overflowing_row_is_nan_as_in_pytorch():
    a = run("""
        import torch
        x = torch.tensor([100., 1.], requires_grad=True)
        y = torch.exp(x)
        y.backward(torch.tensor([0., 1.]))
        """, pytorch="off")
    assert np.isnan(a.backward["x"][0]) and np.isnan(a.vjp["x"][0]) and a.match is True


def test_float64_programs_keep_their_float64_numbers():
    a = run("""
        import torch
        x = torch.tensor(100., dtype=torch.float64, requires_grad=True)
        torch.exp(x).backward()
        """, pytorch="off")
    assert a.backward["x"] == pytest.approx(np.exp(100.0)) and a.match is True
    assert not any("overflows" in n for n in a.notes)


def test_a_float32_leaf_through_float64_ops_overflows_where_its_gradient_lands():
    a = run("""
        import torch
        x = torch.tensor(100., requires_grad=True)
        torch.exp(x.double()).backward()
        """, pytorch="off")
    assert a.backward["x"] == np.inf and a.match is True


def test_an_overflow_inside_the_forward_is_named_as_such():
    """inf - inf is nan in float32 where float64 subtracts two finite numbers: the replay cannot give
    the program's numbers back, and the note says why (not '.data')."""
    a = run("""
        import torch
        x = torch.tensor(100., requires_grad=True)
        y = torch.exp(x) - torch.exp(x)
        y.backward()
        """, pytorch="off")
    assert NO_REPLAY_OVERFLOW.format(dtype="float32") in a.notes and NO_REPLAY not in a.notes
    assert np.isnan(a.backward["x"]) and a.match is False   # vᵀJ is 0: the nan is no derivative
