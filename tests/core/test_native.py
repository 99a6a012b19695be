"""The engine's compiled chain of float32 fused multiply-adds (core/ops/native.py, core/ops/fma_chain.c).

What must hold: it builds here (the machines have a C compiler); each of its versions the CPU can run
gives the numpy chain's bits (core/ops/gemm.py's ``_numpy_chain``, itself tested against the FMA), on
values that land on float32 midpoints, subnormals and batches; with it a tutorial's 64x1000 @ 1000x100
is followed in MKL's order and not marked as drifted; and without a compiler, or when disabled, the
engine goes on with numpy's chain.
"""
from __future__ import annotations

import numpy as np
import pytest

from core.ops import drift, gemm, native


@pytest.fixture
def kernel():
    chain = native.chain()
    assert chain is not None, native.why_not()
    return chain


def _operands(kind, shape_a, shape_b, seed):
    rng = np.random.default_rng(seed)
    if kind == "normal":
        return (rng.standard_normal(shape_a).astype(np.float32), rng.standard_normal(shape_b).astype(np.float32))
    if kind == "few bits":          # sums that land exactly on float32 midpoints
        return tuple(np.ldexp(rng.integers(-64, 64, size=s), rng.integers(-30, -10, size=s)).astype(np.float32)
                     for s in (shape_a, shape_b))
    # subnormal products and sums
    return tuple((rng.standard_normal(s) * 1e-20).astype(np.float32) for s in (shape_a, shape_b))


@pytest.mark.parametrize("kind", ["normal", "few bits", "subnormal"])
@pytest.mark.parametrize("m,k,n", [(1, 1, 1), (7, 13, 5), (3, 300, 33), (16, 8, 17), (5, 200, 1), (2, 40, 48)])
def test_every_version_is_the_numpy_chain(kernel, kind, m, k, n):
    a, b = _operands(kind, (m, k), (k, n), m * 1000 + k * 10 + n)
    start = np.linspace(-1, 1, m * n, dtype=np.float32).reshape(m, n)
    expected = gemm._numpy_chain(a, b, a.astype(np.float64), b.astype(np.float64), 0, k, (m, n), start)
    for level in range(1, kernel.level + 1):        # fmaf, AVX2+FMA, AVX-512F: those this CPU runs
        acc = start.copy()
        saved, kernel.level = kernel.level, level
        try:
            kernel(a, b, acc)
        finally:
            kernel.level = saved
        assert np.array_equal(acc.view(np.int32), expected.view(np.int32)), (level, int((acc != expected).sum()))


def test_a_batched_product_with_broadcasting_and_a_bias(kernel):
    a, _ = _operands("normal", (3, 1, 9, 50), (1,), 1)
    b, _ = _operands("normal", (4, 50, 6), (1,), 2)
    bias = np.arange(6, dtype=np.float32) / np.float32(7)
    got = gemm.matmul(a, b)
    assert got.shape == (3, 4, 9, 6)
    for i in range(3):
        for j in range(4):
            expected = gemm._numpy_chain(a[i, 0], b[j], a[i, 0].astype(np.float64), b[j].astype(np.float64),
                                         0, 50, (9, 6))
            assert np.array_equal(got[i, j].view(np.int32), expected.view(np.int32))
    one = a[0, 0, :1]                              # a dot plus a bias: one chain that starts from the bias
    dot = gemm.matmul(one, b[0, :, :1], bias[:1])
    assert np.array_equal(dot, gemm._numpy_chain(one, b[0, :, :1], one.astype(np.float64),
                                                 b[0, :, :1].astype(np.float64), 0, 50, (1, 1), bias[:1].reshape(1, 1)))


def test_a_tutorial_sized_product_is_followed_and_not_marked(kernel):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((64, 1000)).astype(np.float32)
    w1 = rng.standard_normal((1000, 100)).astype(np.float32)
    assert gemm.exact(x, w1)
    h = gemm.matmul(x, w1)
    assert not drift.marked(h)
    expected = None
    start = 0
    for size in gemm.k_blocks(1000):        # 384 + 308 + 308, each a chain from zero, added in order
        part = gemm._numpy_chain(x, w1, x.astype(np.float64), w1.astype(np.float64), start, start + size, (64, 100))
        expected = part if expected is None else expected + part
        start += size
    assert np.array_equal(h.view(np.int32), expected.view(np.int32))
    big = np.ones((2000, 2000), np.float32)
    assert not gemm.exact(big, big)         # 8e9 multiply-adds: past NATIVE_SECONDS, numpy's BLAS


def test_disabled_or_without_a_compiler_the_engine_uses_numpy(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    native.chain.cache_clear()
    try:
        monkeypatch.setenv(native.DISABLE, "0")
        assert native.chain() is None and native.DISABLE in native.why_not()
        native.chain.cache_clear()
        monkeypatch.delenv(native.DISABLE)
        monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
        assert native.chain() is None and "no-such-compiler" in native.why_not()
        assert not native.library_path().exists()
        a = np.ones((64, 1000), np.float32)
        assert not gemm.exact(a, a.T.copy())          # numpy's time budget again
        native.chain.cache_clear()
        monkeypatch.delenv("CC")
        stale = tmp_path / "cache" / "backprop-lens" / "fma_chain-0000000000000000.so"
        stale.parent.mkdir(parents=True, exist_ok=True)
        stale.write_bytes(b"an older version's library")
        built = native.chain()                        # a fresh cache: compiled there, the older library removed
        assert built is not None and native.library_path().exists()
        assert str(native.library_path()).startswith(str(tmp_path))
        assert not stale.exists()
    finally:
        native.chain.cache_clear()


def _emulated(a, b, c):
    """vecmath.fma's numpy emulation (the double sum, midpoints redone), as without the compiled piece."""
    from unittest import mock

    from core.ops import vecmath
    with mock.patch.object(native, "chain", lambda: None):
        return vecmath.fma(a, b, c)


@pytest.mark.parametrize("kind", ["normal", "few bits", "subnormal"])
def test_one_fma_per_element_is_the_emulated_fma(kernel, kind):
    from core.ops import vecmath
    a, b = _operands(kind, (5, 301), (5, 301), 7)
    c, _ = _operands(kind, (5, 301), (1,), 8)
    for args in [(a, b, c), (a, np.float32(0.1), c), (np.float32(-3), b, np.float32(2.5)), (a[:, ::2], b[:, ::2], c[:, ::2]),
                 (a, b[:1], c)]:          # a strided view and a broadcast row: the caller's broadcasting
        got = vecmath.fma(*args)
        expected = _emulated(*args)
        assert got.shape == expected.shape and got.dtype == np.float32
        assert np.array_equal(got.view(np.int32), expected.view(np.int32)), kind
    levels = []
    for level in range(1, kernel.level + 1):
        saved, kernel.level = kernel.level, level
        try:
            levels.append(kernel.fma(a, b, c))
        finally:
            kernel.level = saved
    assert all(np.array_equal(x.view(np.int32), _emulated(a, b, c).view(np.int32)) for x in levels)
    assert kernel.fma(a.astype(np.float64), b, c) is None          # float64 is not the kernel's


@pytest.mark.parametrize("layout", ["transposed", "reversed columns", "every other row"])
def test_the_first_factor_in_any_layout(kernel, layout):
    rng = np.random.default_rng(5)
    base = rng.standard_normal((90, 70)).astype(np.float32)
    a = {"transposed": base.T[:33], "reversed columns": base[:33, ::-1], "every other row": base[::2, :70]}[layout]
    b = rng.standard_normal((a.shape[1], 37)).astype(np.float32)
    acc = np.zeros((a.shape[0], 37), np.float32)
    kernel(a, b, acc)
    expected = gemm._numpy_chain(a, b, a.astype(np.float64), b.astype(np.float64), 0, a.shape[1], acc.shape)
    assert np.array_equal(acc.view(np.int32), expected.view(np.int32))
