"""Values that drifted from PyTorch's bits are multiplied by numpy's BLAS (core/ops/drift.py).

What must hold: a product followed in MKL's order stays bit for bit the chain of fused multiply-adds;
a product too large to follow marks its result; a product that reads a marked value is numpy's and
is marked; marks travel through ops, in-place writes and the engine's vector-Jacobian products, and
die with their arrays.  And the chain's shortcut for exact midpoints never changes a bit.
"""
from __future__ import annotations

import gc

import numpy as np
import pytest

from core.ops import drift, gemm, native
from core.ops.vecmath import fma


def _reference_chain(a, b):
    """MKL's order, one fused multiply-add at a time (vecmath.fma is tested against the FMA itself)."""
    out = None
    start = 0
    for size in gemm.k_blocks(a.shape[1]):
        acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
        for j in range(start, start + size):
            acc = fma(a[:, j:j + 1], b[j:j + 1, :], acc)
        out = acc if out is None else out + acc
        start += size
    return out


@pytest.fixture(autouse=True)
def _numpy_chain(monkeypatch):
    """The numpy chain, as where the compiled one (core/ops/native.py) cannot be built: there a 64x1000 @
    1000x100 is past the time budget and drifts; with it, the same product is followed (test_native.py)."""
    monkeypatch.setattr(native, "chain", lambda: None)


@pytest.fixture(autouse=True)
def _marks_die_with_their_arrays():
    gc.collect()
    before = set(drift._marked)      # other tests' arrays may still be alive
    yield
    gc.collect()
    assert set(drift._marked) <= before, "a mark outlived its array"


def _few_bits(shape, seed, bits=6):
    """Values with few significant bits (a converging loop's differences): their sums land exactly
    on float32 midpoints, the case the chain checks with a two-sum before redoing anything."""
    rng = np.random.default_rng(seed)
    mant = rng.integers(-(2 ** bits), 2 ** bits, size=shape)
    return np.ldexp(mant, rng.integers(-30, -10, size=shape)).astype(np.float32)


@pytest.mark.parametrize("seed", range(6))
def test_the_chain_is_the_fma_chain_on_exact_midpoints(seed, monkeypatch):
    rng = np.random.default_rng(seed)
    a = _few_bits((16, 40), seed)
    b = _few_bits((40, 12), seed + 100)
    if seed % 2:       # full-width values too: midpoints that the double sum reached by rounding
        a = (a + rng.standard_normal(a.shape).astype(np.float32) * np.float32(2 ** -40)).astype(np.float32)
    checked = []
    real = gemm._rounded
    monkeypatch.setattr(gemm, "_rounded", lambda *args: checked.append(1) or real(*args))
    assert gemm.exact(a, b)
    got = gemm.matmul(a, b)
    assert np.array_equal(got.view(np.int32), _reference_chain(a, b).view(np.int32))
    if seed % 2 == 0:
        assert checked, "no chunk landed on a midpoint: the case does not test the two-sum"


def test_a_midpoint_the_double_sum_reached_by_rounding_is_redone():
    # acc = 1 + 2**-23 (odd last bit), then p = 2**-24 (1 - 2**-40): the exact sum lies just below the
    # midpoint 1 + 2**-23 + 2**-24; the double rounds onto it and then ties to even (1 + 2**-22), where
    # the FMA gives 1 + 2**-23
    one_up = np.float32(1 + 2.0 ** -23)
    a = np.array([[one_up, 1 + 2.0 ** -20], [1, 1]], np.float32)
    b = np.array([[1, 1], [2.0 ** -24 * (1 - 2.0 ** -20), 0]], np.float32)
    assert float(a[0, 1]) * float(b[1, 0]) == 2.0 ** -24 * (1 - 2.0 ** -40)
    got = gemm.matmul(a, b)
    assert got[0, 0] == one_up
    assert np.array_equal(got.view(np.int32), _reference_chain(a, b).view(np.int32))


def test_a_product_too_large_to_follow_is_marked_and_what_reads_it_is_numpys():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((64, 1000)).astype(np.float32)
    w1 = rng.standard_normal((1000, 100)).astype(np.float32)
    w2 = rng.standard_normal((100, 10)).astype(np.float32)
    h = gemm.matmul(x, w1)
    assert not gemm.exact(x, w1) and drift.marked(h)
    assert gemm.exact(h, w2)
    y = gemm.matmul(h, w2)
    assert drift.marked(y)
    assert np.array_equal(y, h @ w2)
    assert drift.marked(h.T) and drift.marked(h[3:5])          # views of a marked array
    fresh = h.copy()
    assert not drift.marked(fresh)
    followed = gemm.matmul(fresh, w2)                            # the same values, unmarked: MKL's order
    assert not drift.marked(followed)
    assert np.array_equal(followed.view(np.int32), _reference_chain(fresh, w2).view(np.int32))
    keys = {id(h), id(y)}
    assert keys <= set(drift._marked)
    del h, y, fresh, followed
    gc.collect()
    assert not keys & set(drift._marked)


def test_marks_travel_through_ops_in_place_writes_and_backward():
    from core import torch

    torch.manual_seed(0)
    x = torch.randn(64, 1000)
    w1 = torch.randn(1000, 100, requires_grad=True)
    w2 = torch.randn(100, 10, requires_grad=True)
    h = x.mm(w1).clamp(min=0)
    y = h.mm(w2)
    loss = (y - 1).pow(2).sum()
    loss.backward()
    assert drift.marked(h._data) and drift.marked(y._data)          # clamp of a marked product, and its product
    assert drift.marked(w2.grad._data)                              # h.t() @ g
    assert drift.marked(w1.grad._data)                              # x.t() @ (g @ w2.t() masked): read a marked g
    small, u = torch.randn(4, 5), torch.randn(5, 3)
    before = small.mm(u)
    assert not drift.marked(before._data) and not drift.marked(small._data)
    small += h[:4, :5].detach()
    assert drift.marked(small._data)                                # an in-place write of a marked value
    after = small.mm(u)
    assert drift.marked(after._data)
    assert np.array_equal(after._data, small._data @ u._data)


def test_a_drifted_sum_keeps_its_shape():
    # found on PyTorch's "The Fundamentals of Autograd": a loss summed from a drifted product printed
    # as tensor([157.5293]) (numpy's ascontiguousarray makes a 0-d array 1-d)
    from core import torch

    torch.manual_seed(0)
    x = torch.randn(16, 1000)
    w = torch.randn(1000, 10)
    y = x.mm(w)
    assert drift.marked(y._data)
    loss = (y - 1).pow(2).sum()
    assert loss.shape == () and loss.dim() == 0
    assert y.sum(dim=1).shape == (16,) and y.sum(dim=0, keepdim=True).shape == (1, 10)
    assert y.mean().shape == ()
