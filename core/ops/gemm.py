"""float32 matrix products summed in the order PyTorch's BLAS sums them.

PyTorch 2.13's CPU build multiplies float32 matrices with MKL's ``sgemm``.  Measured against it (one
thread, as the recordings run; ``tests/core/test_gemm.py`` replays the measurements): every element
``C[i, j]`` is a chain of fused multiply-adds along ``k``, each rounded once to float32, and a long
``k`` is cut into blocks whose chains start from zero and are added in order:

* ``k <= 384``: one chain;
* otherwise blocks of 384 while more than 768 remain, then what remains in two halves (the first one
  the larger), so ``k = 1000`` is summed as 384 + 308 + 308;
* ``addmm`` starts from the bias and adds each block's chain to it (``mm + bias`` when there is one block);
  a single dot (one row times one column) with a bias is one chain that starts from the bias;
* a matrix times a vector of at most six products (``x @ w`` for a ``Linear(3, 1)``) goes to MKL's
  gemv, which fuses the first two products and sums the others in two interleaved runs (:func:`_gemv`).

This holds for ``A @ B`` whatever the layout of ``A`` and for ``A @ B.t()`` from 16 rows of ``A`` up.
``bmm`` with fewer than 400 multiply-adds per matrix does not call MKL: ATen's own loop adds the
rounded products one by one (:func:`bmm`).
MKL has other kernels for skinny shapes (``A @ B.t()`` with fewer than 16 rows, a matrix times a vector
of more than six products), which round a few elements differently; the first are summed the same
way here, the second by numpy's BLAS.

The chain has to be followed product by product: about 8 us per step along ``k`` and 3 ns per
multiply-add in numpy, so products that would take more than :data:`EXACT_SECONDS` (a 64x1000 @
1000x100, or a 1x2000 @ 2000x3) are handed to numpy's BLAS instead (a hundred times faster, and
within a few units in the last place).  float64 always goes to numpy's BLAS.
"""
from __future__ import annotations

import numpy as np

from core.ops import drift
from core.ops.vecmath import fma

KC = 384                # MKL's block along k
EXACT_SECONDS = 0.002   # the longest a product may take to follow exactly; longer ones use numpy's BLAS
_STEP = 8e-6            # numpy's cost per step along k (a few array operations)
_MAC = 3e-9             # and per multiply-add

_F32 = np.float32
_F64 = np.float64
_TINY = 2.0 ** -125     # below it float32 rounds to fewer bits than the double's midpoint test sees


def k_blocks(k: int) -> list[int]:
    """How MKL's sgemm cuts a sum of ``k`` products into separately summed blocks."""
    blocks, rest = [], k
    while rest > 2 * KC:
        blocks.append(KC)
        rest -= KC
    if rest > KC:
        blocks += [(rest + 1) // 2, rest // 2]
    elif rest or not blocks:
        blocks.append(rest)
    return blocks


def exact(a, b) -> bool:
    """Whether ``a @ b`` is summed here in MKL's order: float32 matrices, not a matrix times a vector
    (MKL's gemv kernels, not modelled), and within :data:`EXACT_SECONDS` of numpy work."""
    if getattr(a, "dtype", None) != _F32 or getattr(b, "dtype", None) != _F32 or a.ndim < 2 or b.ndim < 2:
        return False
    m, k, n = a.shape[-2], a.shape[-1], b.shape[-1]
    if (m == 1) != (n == 1) or (m == n == 1 and k > KC):
        return False
    batch = int(np.prod(np.broadcast_shapes(a.shape[:-2], b.shape[:-2]), dtype=np.int64))
    return k * _STEP + batch * m * n * k * _MAC <= EXACT_SECONDS


GEMV_K = 6              # a matrix times a vector: MKL's order is known up to this many products


def _gemv_order(a, b):
    """Whether ``a @ b`` is one MKL sums with :func:`_gemv` (a row-major matrix times a column, or a row
    times a transposed matrix, at most :data:`GEMV_K` products each)."""
    if getattr(a, "dtype", None) != _F32 or getattr(b, "dtype", None) != _F32 or a.ndim != 2 or b.ndim != 2:
        return False
    m, k, n = a.shape[0], a.shape[1], b.shape[1]
    if k > GEMV_K or (m == 1) == (n == 1):
        return False
    if n == 1:
        return a.strides[1] == a.itemsize or m == 1      # rows of a contiguous along k
    return b.strides[0] == b.itemsize                   # b.t() contiguous: its columns along k


def _gemv(a, b):
    """MKL's small matrix-vector sums (``k`` at most six), for each output ``i``, with ``p_j = a_j b_j``
    rounded: the odd products after ``p1`` (for six, the last one first) run in one sum, the even ones
    after ``p0`` in another, and the two are added.  Outputs in whole fours fuse ``p0`` into the first
    run (``fma(a1, b1, p0)``); the last ``n % 4`` start it from ``p1`` and add ``p0`` at the end."""
    k = a.shape[1]
    p = [(a[:, j:j + 1] * b[j:j + 1, :]).astype(_F32) for j in range(k)]
    if k == 1:
        return p[0]
    odd = list(range(3, k, 2))
    odd = odd[::-1] if k == 6 else odd
    even = list(range(2, k, 2))

    def runs(first):
        for j in odd:
            first = first + p[j]
        if not even:
            return first
        rest = p[even[0]]
        for j in even[1:]:
            rest = rest + p[j]
        return first + rest

    main = runs(fma(a[:, 1:2], b[1:2, :], p[0]))
    tail = p[0] + runs(p[1]) if k > 2 else p[0] + p[1]
    outputs = main.shape[0] if main.shape[1] == 1 else main.shape[1]
    whole = outputs - outputs % 4
    if main.shape[1] == 1:
        return np.concatenate([main[:whole], tail[whole:]], axis=0)
    return np.concatenate([main[:, :whole], tail[:, whole:]], axis=1)


def matmul(a, b, bias=None):
    """``a @ b`` (plus ``bias``, added as ``addmm`` adds it) for numpy arrays, float32 in MKL's order.

    Products in an order not modelled here, or too long to follow in time, and products of values
    that already drifted from PyTorch's bits (:mod:`core.ops.drift`) are numpy's.  They are marked
    as drifted when an operand was or when their sums are longer than one of MKL's blocks: numpy's
    short sums (a gemv of 32 products) often round as MKL's do, its long ones almost never."""
    drifted = drift.marked(a) or drift.marked(b)
    if _gemv_order(a, b) and not drifted:
        out = _gemv(a, b)
        return out if bias is None else out + np.asarray(bias, _F32)
    if bias is not None and a.ndim == b.ndim == 2 and a.shape[0] == b.shape[1] == 1 and 2 <= a.shape[1] <= KC \
            and exact(a, b) and np.asarray(bias).dtype == _F32 and not drifted:
        # a dot plus a bias: one chain that starts from the bias
        return _chain(a, b, a.astype(_F64), b.astype(_F64), 0, a.shape[1], (1, 1),
                      np.asarray(bias, _F32).reshape(1, 1))
    if drifted or not exact(a, b) or (bias is not None and np.asarray(bias).dtype != _F32):
        out = np.matmul(a, np.ascontiguousarray(b))   # OpenBLAS's transposed kernel rounds unlike MKL more often
        out = out if bias is None else (out + bias).astype(out.dtype)
        if drifted or a.shape[-1] > KC:
            drift.mark(out)
        return out
    shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (a.shape[-2], b.shape[-1])
    a64 = a.astype(_F64)
    b64 = b.astype(_F64)
    out = None if bias is None else np.broadcast_to(np.asarray(bias, _F32), shape).copy()
    start = 0
    for size in k_blocks(a.shape[-1]):
        part = _chain(a, b, a64, b64, start, start + size, shape)
        out = part if out is None else out + part
        start += size
    return out


NAIVE_BMM = 400         # ATen's bmm loops by itself below this many multiply-adds per matrix


def bmm(a, b):
    """``torch.bmm``: ATen's plain loop for small matrices (any float dtype), else :func:`matmul`."""
    if a.shape[-2] * a.shape[-1] * b.shape[-1] >= NAIVE_BMM or a.dtype != b.dtype:
        return matmul(a, b)
    acc = np.zeros(a.shape[:-1] + b.shape[-1:], a.dtype)
    for k in range(a.shape[-1]):
        acc += a[..., :, k:k + 1] * b[..., k:k + 1, :]     # each product rounded, then the sum: no FMA
    return acc


_CHUNK = 32             # steps between the checks for a double rounding


def _chain(a, b, a64, b64, start, stop, shape, acc=None):
    """The fused multiply-add chain over ``k`` in ``[start, stop)``, from zero (or ``acc``), in float32.

    Each step rounds the exact double ``a*b + acc`` to float32, which is the FMA's single rounding
    unless the double landed on a float32 midpoint or is float32-subnormal; the doubles of a chunk of
    steps are kept and checked together, and a chunk with such a step is redone exactly."""
    acc = np.zeros(shape, _F32) if acc is None else acc.copy()
    buf = np.empty((min(_CHUNK, max(stop - start, 1)),) + shape, _F64)
    k = start
    while k < stop:
        steps = min(_CHUNK, stop - k)
        before = acc.copy()
        for j in range(steps):
            s = buf[j]
            np.multiply(a64[..., :, k + j:k + j + 1], b64[..., k + j:k + j + 1, :], out=s)   # exact: 24 + 24 bits
            np.add(s, acc, out=s)                                                           # rounded once
            np.copyto(acc, s, casting="unsafe")                                             # to float32
        done = buf[:steps]
        redo = (done.view(np.int64) & 0x1FFFFFFF) == 0x10000000
        redo |= (np.abs(done) < _TINY) & (done != 0)
        if redo.any() and _rounded(a64, b64, k, steps, before, done)[redo].any():
            acc = before
            for j in range(k, k + steps):
                acc = fma(a[..., :, j:j + 1], b[..., j:j + 1, :], acc)
        k += steps
    return acc


def _rounded(a64, b64, k, steps, before, done):
    """Which steps of a chunk of :func:`_chain` rounded the double ``a*b + acc`` (``done[j]``, from the
    float32 ``acc`` the step before left).  Where that double is exact, rounding it to float32 is the
    FMA's one rounding even on a midpoint or below the normal range: the values of a converging loop
    have few significant bits and land on midpoints often, exactly (Knuth's two-sum finds the error)."""
    batch, (m, n) = done.shape[1:-2], done.shape[-2:]
    rows = np.moveaxis(np.broadcast_to(a64[..., :, k:k + steps], batch + (m, steps)), -1, 0)[..., :, None]
    cols = np.moveaxis(np.broadcast_to(b64[..., k:k + steps, :], batch + (steps, n)), -2, 0)[..., None, :]
    products = np.broadcast_to(rows * cols, done.shape)                     # exact: 24 + 24 bits
    previous = np.empty_like(done)
    previous[0] = before
    previous[1:] = done[:-1].astype(_F32)
    back = done - products
    return ((products - (done - back)) + (previous - back)) != 0
