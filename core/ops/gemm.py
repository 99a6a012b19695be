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
rounded products one by one (:func:`bmm`); MKL's batched kernel sums a batch of matrices times vectors
in the same order.
MKL has other kernels for skinny shapes (``A @ B.t()`` with fewer than 16 rows, a matrix times a vector
of more than six products), which round a few elements differently; the first are summed the same
way here, the second as MKL sums them on an AMD CPU with AVX2 (:func:`_sse_mv`, measured there; one
output of the few past the last whole four, in an order not found, by numpy's BLAS).

The chain has to be followed product by product.  The engine's one compiled piece
(:mod:`core.ops.native`, built on first use with the machine's C compiler) follows it at the CPU's
speed (a 64x1000 @ 1000x100 in 0.4 ms), up to :data:`NATIVE_SECONDS` of work per product.  Without
it numpy follows it at about 8 us per step along ``k`` and 3 ns per multiply-add, so products that
would take more than :data:`EXACT_SECONDS` (a 64x1000 @ 1000x100, or a 1x2000 @ 2000x3) are
handed to numpy's BLAS instead (a hundred times faster, and within a few units in the last place).
float64 always goes to numpy's BLAS.
"""
from __future__ import annotations

import numpy as np

from core.ops import drift, native
from core.ops.vecmath import fma

KC = 384                # MKL's block along k
EXACT_SECONDS = 0.002   # the longest a product may take to follow exactly; longer ones use numpy's BLAS
_STEP = 8e-6            # numpy's cost per step along k (a few array operations)
_MAC = 3e-9             # and per multiply-add
NATIVE_SECONDS = 0.05   # the longest a product may take to follow exactly in the compiled chain
_NATIVE_MAC = {3: 1e-10, 2: 1e-10, 1: 2e-9}     # its cost per multiply-add by version (measured: 0.06, 0.07, 1.5 ns)
_NATIVE_CALL = 2e-6     # and per call (one per matrix of a batch and block of k)

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
    """Whether ``a @ b`` is summed here in MKL's gemm order: float32 matrices, not a matrix times a
    vector (MKL's gemv kernels: :func:`_gemv`, :func:`_sse_mv`), and within :data:`EXACT_SECONDS` of
    numpy work."""
    if getattr(a, "dtype", None) != _F32 or getattr(b, "dtype", None) != _F32 or a.ndim < 2 or b.ndim < 2:
        return False
    m, k, n = a.shape[-2], a.shape[-1], b.shape[-1]
    if (m == 1) != (n == 1) or (m == n == 1 and k > KC):
        return False
    batch = 1 if a.ndim == b.ndim == 2 else \
        int(np.prod(np.broadcast_shapes(a.shape[:-2], b.shape[:-2]), dtype=np.int64))
    kernel = native.chain()
    if kernel is not None:
        calls = batch * len(k_blocks(k))
        return calls * _NATIVE_CALL + batch * m * n * k * _NATIVE_MAC[kernel.level] <= NATIVE_SECONDS
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


# ---------------------------------------------------------------------------------------
# MKL's matrix-vector kernels for more than GEMV_K products, as MKL runs them on an AMD EPYC
# ---------------------------------------------------------------------------------------
#
# Measured on PyTorch 2.13 (one thread) on an AMD EPYC with AVX2, where MKL takes its SSE kernels:
# four float32 lanes, products rounded and then added (no FMA).  There are two kernels:
#
# * dots (``x @ W.t()`` of a Linear with one sample, and ``A @ v`` with the rows of ``A`` contiguous):
#   outputs in whole fours sum their ``k`` products as: the first ``(k - 1 - o) % 4 + 1`` one after the
#   other (``o``: how many floats the matrix starts past a 16-byte boundary), then the next whole fours
#   in four lanes (lane 0 starting from the first sum), the lanes added as ``(l0 + l2) + (l1 + l3)``,
#   then the ``o`` products left over (:func:`_lanes`); of the ``n % 4`` outputs left over, the first
#   and the third are :func:`_sse_dot`s; the second is summed in another order (often, from about
#   100 products on, as :func:`_lanes` starting with ``4 - o'`` products, ``o'`` the vector's offset,
#   but not always): numpy's BLAS sums it here;
# * dot (one row times one column, with a bias: a Linear(k, 1) on one sample): :func:`_sse_dot`, whose
#   order depends on where the vector starts (PyTorch's tensors start 64-byte aligned, numpy's 16).
#
# A bias (``addmm``) is added to each finished dot.  (A third kernel, "axpy", for ``g @ W`` with ``W``
# row-major and ``A @ v`` with the columns of ``A`` contiguous, adds each output's products in order
# on the AMD CPU, but not on the Intel one: see :func:`_mv_kind`.)
# On the Intel CPU with AVX-512 where tests/data/corpus was recorded MKL's small kernels (up to
# GEMV_K products, :func:`_gemv`) differ from these; for longer sums the recordings agree with this
# order (tests/data/corpus/handbook_3_3_rnn, 300 steps of an RNN with 64 units trained on one sample,
# is reproduced bit for bit by PyTorch on the AMD machine, and by the engine with these kernels, once
# PyTorch's own float32 sqrt and tanh, MKL's, are substituted), but it was not measured there; a dot
# without a bias keeps the order measured on the Intel CPU (``_chain``, tests/data/gemm_order.json).
# ``tests/core/test_cpu_kernels_amd.py`` replays the measurements (tests/data/cpu_kernels_amd.json).

SSE_MV_BUDGET = 4_000_000   # products: longer matrix-vector products go to numpy's BLAS


def _mv_kind(a, b, bias=False):
    """Which of MKL's matrix-vector kernels sums ``a @ b`` (``"dots"``, ``"dot"``) or None when
    neither applies: float32 2-D operands, one of ``m``, ``n`` equal to 1 and the other larger, more
    than :data:`GEMV_K` products, the vector contiguous."""
    if getattr(a, "dtype", None) != _F32 or getattr(b, "dtype", None) != _F32 or a.ndim != 2 or b.ndim != 2:
        return None
    m, k, n = a.shape[0], a.shape[1], b.shape[1]
    if k <= GEMV_K or m * n * k > SSE_MV_BUDGET:
        return None
    step = a.itemsize
    if m == n == 1:     # one dot: with a bias (a Linear(k, 1) on one sample) measured only
        return "dot" if bias and a.strides[1] == step and b.strides[0] == step else None
    if (m == 1) == (n == 1):
        return None
    # NOTE: MKL's "axpy" order (products added in turn: ``g @ W``, ``A @ v`` with A column-major) was
    # learnt on an AMD CPU, and the Intel recordings contradict it (tests/data/oracle/
    # optim_rprop_adamax_asgd: a Linear(3, 1)'s weight gradient, 32 products), so those products stay
    # numpy's; the "dots" order agrees with the Intel recordings wherever they reach it
    if m == 1:
        if a.strides[1] != step and k > 1:
            return None
        return "dots" if b.strides[0] == step else None
    if b.strides[0] != step:
        return None
    return "dots" if a.strides[1] == step else None


def _lanes(products, start):
    """The first ``start`` products in order, then whole fours in four lanes (lane 0 starting from that
    sum), the lanes added as ``(l0 + l2) + (l1 + l3)``, then the products left over in order."""
    rows, k = products.shape
    fours = (k - start) // 4
    if fours == 0:
        return np.add.accumulate(products, axis=1)[:, -1]
    steps = np.empty((rows, fours + 1, 4), _F32)
    steps[:, 0, :] = -0.0               # -0 + p == p for every p: the lanes start at their first product
    steps[:, 0, 0] = np.add.accumulate(products[:, :start], axis=1)[:, -1]
    steps[:, 1:, :] = products[:, start:start + 4 * fours].reshape(rows, fours, 4)
    lanes = np.add.accumulate(steps, axis=1)[:, -1, :]
    out = (lanes[:, 0] + lanes[:, 2]) + (lanes[:, 1] + lanes[:, 3])
    for j in range(start + 4 * fours, k):
        out = out + products[:, j]
    return out


def _sse_dot(products, offset):
    """MKL's single dot of rounded ``products`` (rows of them) when the vector starts ``offset`` floats
    past a 16-byte boundary: ``4 - offset % 4`` products in order, then blocks of eight in two four-lane
    accumulators (lane 0 of the first starting from that sum), the two added, their lanes added as
    ``(l0 + l2) + (l1 + l3)``, then the products left over in order."""
    rows, k = products.shape
    head = 4 - offset % 4
    blocks = (k - head) // 8 if k > head else 0
    if blocks == 0:
        return np.add.accumulate(products, axis=1)[:, -1]
    steps = np.empty((rows, blocks + 1, 8), _F32)
    steps[:, 0, :] = -0.0
    steps[:, 0, 0] = np.add.accumulate(products[:, :head], axis=1)[:, -1]
    steps[:, 1:, :] = products[:, head:head + 8 * blocks].reshape(rows, blocks, 8)
    acc = np.add.accumulate(steps, axis=1)[:, -1, :]
    lanes = acc[:, :4] + acc[:, 4:]
    out = (lanes[:, 0] + lanes[:, 2]) + (lanes[:, 1] + lanes[:, 3])
    for j in range(head + 8 * blocks, k):
        out = out + products[:, j]
    return out


def _offset(x) -> int:
    """How many float32 elements ``x`` starts past a 16-byte boundary (PyTorch's tensors start on a
    64-byte boundary, numpy's on a 16-byte one, so a view is offset alike in both)."""
    return (x.__array_interface__["data"][0] // x.itemsize) % 4


def _sse_mv(a, b, kind, bias=None):
    """``a @ b`` (plus ``bias``) by MKL's matrix-vector kernel ``kind`` (see above), float32."""
    m, k, n = a.shape[0], a.shape[1], b.shape[1]
    if m == 1:
        vector, matrix, shape = a[0], b.T, (1, n)
    else:
        vector, matrix, shape = b[:, 0], a, (m, 1)
    outputs = matrix.shape[0]
    bias = None if bias is None else np.broadcast_to(np.asarray(bias, _F32), shape).reshape(outputs)
    products = np.multiply(matrix, vector, dtype=_F32)            # (outputs, k), each rounded once
    if kind == "dot":
        return (_sse_dot(products, _offset(vector)) + bias).reshape(shape)
    whole = outputs - outputs % 4
    out = np.empty(outputs, _F32)
    if whole:
        out[:whole] = _lanes(products[:whole], (k - 1 - _offset(matrix)) % 4 + 1)
    for row in range(whole, outputs):
        if row - whole != 1:
            out[row:row + 1] = _sse_dot(products[row:row + 1], _offset(vector))
        else:                           # another order, not found: numpy's BLAS
            out[row] = np.matmul(np.ascontiguousarray(matrix[row]), vector)
    if bias is not None:
        out = out + bias
    return out.reshape(shape)


def matmul(a, b, bias=None):
    """``a @ b`` (plus ``bias``, added as ``addmm`` adds it) for numpy arrays, float32 in MKL's order.

    Products in an order not modelled here, or too long to follow in time, and products of values
    that already drifted from PyTorch's bits (:mod:`core.ops.drift`) are numpy's.  They are marked
    as drifted when an operand was or when their sums are longer than one of MKL's blocks: numpy's
    short sums (a gemv of 32 products) often round as MKL's do, its long ones almost never."""
    drifted = drift.marked(a) or drift.marked(b)
    kind = None if drifted or (bias is not None and np.asarray(bias).dtype != _F32) else \
        _mv_kind(a, b, bias is not None)
    if kind is not None:
        return _sse_mv(a, b, kind, bias)
    if _gemv_order(a, b) and not drifted:
        out = _gemv(a, b)
        return out if bias is None else out + np.asarray(bias, _F32)
    if bias is not None and a.ndim == b.ndim == 2 and a.shape[0] == b.shape[1] == 1 and 2 <= a.shape[1] <= KC \
            and exact(a, b) and np.asarray(bias).dtype == _F32 and not drifted:
        # a dot plus a bias: one chain that starts from the bias
        return _chain(a, b, 0, a.shape[1], (1, 1), np.asarray(bias, _F32).reshape(1, 1))
    if drifted or not exact(a, b) or (bias is not None and np.asarray(bias).dtype != _F32):
        marked = drifted or a.shape[-1] > KC
        # OpenBLAS's transposed kernel rounds unlike MKL more often; once the result is marked as
        # drifted anyway, the copy that avoids it only costs time (a Linear's weight.t() of a big layer)
        out = np.matmul(a, b if marked else np.ascontiguousarray(b))
        if bias is not None:
            try:
                np.add(out, bias, out=out, casting="no")      # the same rounding as (out + bias), no copies
            except (TypeError, ValueError):                  # another dtype, a bias that broadcasts out, a scalar
                out = (out + bias).astype(out.dtype)
        if marked:
            drift.mark(out)
        return out
    shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (a.shape[-2], b.shape[-1])
    kernel = native.chain()
    if kernel is not None:
        return _follow(kernel, a, b, shape, bias)
    out = None if bias is None else np.broadcast_to(np.asarray(bias, _F32), shape).copy()
    start = 0
    for size in k_blocks(a.shape[-1]):
        part = _chain(a, b, start, start + size, shape)
        out = part if out is None else out + part
        start += size
    return out


def _follow(kernel, a, b, shape, bias):
    """``a @ b`` (plus ``bias``) in MKL's blocks, each matrix of the batch in one call of the compiled
    kernel (:mod:`core.ops.native`)."""
    blocks = k_blocks(a.shape[-1])
    out = np.empty(shape, _F32)
    if bias is not None:
        out[...] = bias
    batch = shape[:-2]
    if not batch:
        kernel.gemm(a, np.ascontiguousarray(b, _F32), out, blocks, bias is not None)
        return out
    left = np.broadcast_to(a, batch + a.shape[-2:])
    right = np.broadcast_to(b, batch + b.shape[-2:])
    for index in np.ndindex(*batch):
        kernel.gemm(left[index], np.ascontiguousarray(right[index], _F32), out[index], blocks, bias is not None)
    return out


NAIVE_BMM = 400         # ATen's bmm loops by itself below this many multiply-adds per matrix
SEQUENTIAL_BUDGET = 50_000_000   # multiply-adds summed in order in numpy (about 0.1 s); more go to matmul


def _sequential_bmm(m, n) -> bool:
    """Whether MKL's batched sgemm (ATen's bmm from NAIVE_BMM multiply-adds per matrix up) adds each output's
    rounded products one after the other, without FMA, as ATen's own loop does: for a batch of matrices
    times vectors (one column), whatever ``m`` and ``k``.  Measured on the modelled Intel CPU through a
    recording (tests/data/corpus/eat20_4_2_tensor_math: 80 batches of 50x100 @ 100x1, every bit) and on an
    AMD EPYC with AVX-512 (tests/core/test_gemm.py).  There, results of two to four or eight columns are
    summed so too, but the Intel recordings show that the two CPUs' batched kernels part for five and six
    columns (FMA chains on Intel), so those stay chains here."""
    return n == 1


def bmm(a, b):
    """``torch.bmm``: ATen's plain loop for small matrices (any float dtype), MKL's batched kernel's same
    sequential sums for a batch of matrix-vector products (:func:`_sequential_bmm`), else :func:`matmul`."""
    m, n = a.shape[-2], b.shape[-1]
    if a.dtype != b.dtype or (a.shape[-2] * a.shape[-1] * n >= NAIVE_BMM and not (
            a.dtype == _F32 and _sequential_bmm(m, n) and a.size * n <= SEQUENTIAL_BUDGET)):
        return matmul(a, b)
    acc = np.zeros(a.shape[:-1] + b.shape[-1:], a.dtype)
    for k in range(a.shape[-1]):
        acc += a[..., :, k:k + 1] * b[..., k:k + 1, :]     # each product rounded, then the sum: no FMA
    return acc


_CHUNK = 32             # steps between the checks for a double rounding


def _chain(a, b, start, stop, shape, acc=None):
    """The fused multiply-add chain over ``k`` in ``[start, stop)``, from zero (or ``acc``), in float32:
    compiled (:mod:`core.ops.native`) where it could be built, else :func:`_numpy_chain`."""
    kernel = native.chain()
    if kernel is None:
        return _numpy_chain(a, b, a.astype(_F64), b.astype(_F64), start, stop, shape, acc)
    out = np.zeros(shape, _F32) if acc is None else np.ascontiguousarray(np.broadcast_to(acc, shape), _F32).copy()
    batch = shape[:-2]
    left = np.broadcast_to(a[..., :, start:stop], batch + (shape[-2], stop - start))
    right = np.broadcast_to(b[..., start:stop, :], batch + (stop - start, shape[-1]))
    for index in np.ndindex(*batch):    # the kernel reads a in any layout; b it wants row by row
        kernel(left[index], np.ascontiguousarray(right[index], _F32), out[index])
    return out


def _numpy_chain(a, b, a64, b64, start, stop, shape, acc=None):
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
