"""PyTorch's CPU summation order, bit for bit, for float32 and float64.

numpy sums with pairwise summation; PyTorch 2.13's CPU ``sum`` (and ``mean``,
which is that sum divided by the count) adds in another order, so float32
results differ in the last bits and a training loop printing ``loss.item()``
drifts.  :func:`torch_sum` reproduces PyTorch's order.  The algorithm was
learnt from ATen's ``cascade_sum`` (``native/cpu/SumKernel.cpp``) and the
TensorIterator machinery around it, and checked against real torch
(``tests/core/test_summation.py``); the code below is written from scratch
over numpy, vectorized across independent accumulators.

How PyTorch adds, in the terms used here:

1. **Geometry.**  The reduction is an iteration over the input's dims, sorted
   with the reduced dims first and then by ascending input stride (an
   insertion sort that tolerates ties, :func:`_iteration_order`), with
   neighbours that are contiguous in memory merged (:func:`_coalesce`);
   "dim 0" below is the fastest-moving dim of that iteration.
2. **Threads.**  Below ``GRAIN_SIZE`` elements one thread does everything.
   Above it, a sum to one element splits the flat iteration range in
   ``THREADS`` equal chunks, each summed into its own slot, then the slots
   are summed; a sum to many elements splits the outer-most non-reduced dim
   in ``THREADS`` parts (rounded to 128 bytes when that dim is contiguous).
3. **2-D calls.**  The iteration is cut into calls over (dim 0, dim 1)
   slices; each call picks a kernel from the strides (``_column_sums``):
   contiguous reduced dim -> one sum of vector lanes per column
   (``_vector_inner_sum``); contiguous columns -> 4 vectors of columns at a
   time with the cascade only (``_multi_row_sum``), the rest per column with
   4 interleaved accumulators (``_row_sum``); otherwise scalar versions of
   the same.  Each result is *added* to the output (``out += s``, the output
   starting at 0), so several calls or columns landing on one output element
   are added one after another, in iteration order.
4. **Cascade.**  ``_multi_row_sum`` adds rows in runs of 16 (or more for
   huge sizes), runs of those sums in runs of 16, and so on over 4 levels.

Integers, booleans and other dtypes keep numpy's (exact, or not modelled) sum.

>>> import numpy as np
>>> x = np.arange(2000, dtype=np.float32) / np.float32(7) - np.float32(100)
>>> float(torch_sum(x)), float(np.sum(x))   # PyTorch 2.13 prints 85571.4296875
(85571.4296875, 85571.421875)
"""
from __future__ import annotations

import functools

import numpy as np

from core.ops import drift, native, vecmath

# NOTE: these constants describe the machine PyTorch's results were recorded on
# (torch.backends.cpu.get_cpu_capability() == "AVX512", torch.get_num_threads() == 2).
# Another capability or thread count sums in another order.  Although the CPU is AVX512,
# PyTorch registers its sum kernel for AVX512 only on request, which SumKernel.cpp does not
# make, so the AVX2 build runs: 32-byte vectors.  Measured: with 64-byte vectors a sum of 16
# float32 already differs (tests/core/test_summation.py).
VECTOR_BYTES = 32         # Vectorized<T> of the AVX2 kernel: 8 float32 / 4 float64 (see the NOTE above)
THREADS = 2               # at::get_num_threads()
GRAIN_SIZE = 32768        # at::internal::GRAIN_SIZE: smaller reductions run on one thread
SPLIT_ROUND_BYTES = 128   # a split of contiguous output columns between threads is rounded to this
ILP = 4                   # row_sum: interleaved accumulators along one row
OUTER_ROWS = 4            # outer sums: vectors (or scalars) of columns summed together by the cascade
LEVELS = 4                # multi_row_sum: levels of accumulators
MIN_LEVEL_POWER = 4       # each level adds at least 2**4 = 16 terms

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def torch_sum(x, axis=None, keepdims=False):
    """``torch.sum(x, dim=axis, keepdim=keepdims)`` for a numpy array, added in PyTorch's order.

    ``axis``: None (every dim), an int or a tuple of ints (``()`` reduces nothing, as in numpy).
    float32/float64 keep their dtype and match PyTorch bit for bit; other dtypes use ``np.sum``.

    >>> torch_sum(np.ones((3, 4), dtype=np.float32), axis=1).tolist()
    [4.0, 4.0, 4.0]
    """
    a = np.asarray(x)
    if a.dtype not in _FLOATS:
        return np.sum(a, axis=axis, keepdims=keepdims)
    if drift._marked and drift.marked(x):
        # its bits are not PyTorch's already (core/ops/drift.py): PyTorch's order cannot restore them
        out = np.asarray(np.sum(a, axis=axis, keepdims=keepdims, dtype=a.dtype) + a.dtype.type(0))
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)     # (never 0-d: keeps a 0-d)
    nd = a.ndim
    if a.size == 0 or nd == 0:
        # an empty reduction is the identity 0; a 0-d sum is 0 + x
        return (np.sum(a, axis=axis, keepdims=keepdims) + a.dtype.type(0)).astype(a.dtype)
    if axis is None:
        reduced = [True] * nd
    else:
        dims = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
        reduced = [False] * nd
        for d in dims:
            reduced[int(d) % nd] = True
    out_shape = tuple(1 if r else n for n, r in zip(a.shape, reduced)) if keepdims else \
        tuple(n for n, r in zip(a.shape, reduced) if not r)
    if any(s < 0 or s % a.itemsize for s in a.strides):
        a = np.ascontiguousarray(a)  # PyTorch has no negative strides: its flip is a copy
    if all(reduced) and a.size < GRAIN_SIZE and a.flags.c_contiguous:
        # the common case, and a short cut: the iteration is one contiguous row
        values = _column_sums(a.reshape(1, -1), a.size, 1, a.itemsize, 0)[0]
    else:
        values = _reduce(a, reduced, _result_strides(a.shape, reduced, keepdims))
    # NOTE: PyTorch's output is contiguous and starts at +0 (``out += s``), so a zero sum is +0, never -0
    out = values.reshape(out_shape) + a.dtype.type(0)
    return out if out.flags.c_contiguous else np.ascontiguousarray(out)


def torch_mean(x, axis=None, keepdims=False):
    """``torch.mean``: on CPU PyTorch computes :func:`torch_sum`, then divides by the count in the
    dtype (float32/float64; other dtypes use ``np.mean`` in their own dtype).

    >>> torch_mean(np.arange(4, dtype=np.float64)).item()
    1.5
    """
    a = np.asarray(x)
    if a.dtype not in _FLOATS:
        return np.mean(a, axis=axis, keepdims=keepdims, dtype=a.dtype)
    if axis is None or a.ndim == 0:
        count = a.size
    else:
        dims = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
        count = int(np.prod([a.shape[int(d) % a.ndim] for d in dims]))
    with np.errstate(invalid="ignore", divide="ignore"):  # the mean of nothing is nan, quietly
        return np.divide(torch_sum(a, axis, keepdims), a.dtype.type(count), dtype=a.dtype)


# ---------------------------------------------------------------- geometry

def _contiguous_strides(shape):
    strides, acc = [], 1
    for n in reversed(shape):
        strides.append(acc)
        acc *= max(n, 1)
    return strides[::-1]


def _result_strides(shape, reduced, keepdims):
    """The output's strides (elements) over the input's dims, as the iterator sees them."""
    if keepdims:
        strides = _contiguous_strides([1 if r else n for n, r in zip(shape, reduced)])
    else:
        kept = iter(_contiguous_strides([n for n, r in zip(shape, reduced) if not r]))
        strides = [0 if r else next(kept) for r in reduced]
    # a broadcast output dim (size 1 against the input's n > 1) has stride 0
    return [0 if r and n != 1 else s for s, n, r in zip(strides, shape, reduced)]


def _iteration_order(shape, in_strides, out_strides):
    """Input dims, fastest first: reduced dims in front, then ascending strides (ties stay ambiguous)."""
    def should_swap(d0, d1):
        for k, strides in enumerate((out_strides, in_strides)):
            s0, s1 = strides[d0], strides[d1]
            if k == 0 and (s0 == 0) != (s1 == 0):
                return 1 if s1 == 0 else -1
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return 1 if s0 > s1 else -1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    perm = list(range(len(shape)))[::-1]
    for i in range(1, len(perm)):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                # NOTE: after an ambiguous comparison this swaps non-neighbours, as PyTorch's sort does
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    return perm


def _coalesce(sizes, ins, outs):
    """Merge neighbouring dims that step through memory as one; returns (sizes, in strides, out strides)."""
    sizes, ins, outs = list(sizes), list(ins), list(outs)
    prev = 0
    for d in range(1, len(sizes)):
        if sizes[prev] == 1 or sizes[d] == 1 or (
                sizes[prev] * ins[prev] == ins[d] and sizes[prev] * outs[prev] == outs[d]):
            if sizes[prev] == 1:
                ins[prev], outs[prev] = ins[d], outs[d]
            sizes[prev] *= sizes[d]
        else:
            prev += 1
            sizes[prev], ins[prev], outs[prev] = sizes[d], ins[d], outs[d]
    n = prev + 1 if sizes else 0
    return sizes[:n], ins[:n], outs[:n]


@functools.lru_cache(maxsize=256)
def _plan(shape, strides, esize, out_strides):
    """The iteration order and coalesced geometry of a reduction, by the input's shape and strides
    (bytes) and the output's strides: a training loop sums the same shapes every step."""
    ins = [s // esize for s in strides]
    perm = _iteration_order(shape, ins, out_strides)
    sizes, cins, couts = _coalesce([shape[p] for p in perm], [ins[p] for p in perm],
                                   [out_strides[p] for p in perm])
    return tuple(perm), tuple(sizes), tuple(s * esize for s in cins), tuple(s * esize for s in couts)


class _Geometry:
    """A reduction as PyTorch iterates it: ``values`` holds the input with its axes in
    iteration order, slowest first (so ``values.shape == sizes[::-1]``)."""

    def __init__(self, values, sizes, ins, outs, esize):
        self.values, self.sizes, self.ins, self.outs, self.esize = values, sizes, ins, outs, esize

    @classmethod
    def build(cls, a, out_strides):
        esize = a.itemsize
        perm, sizes, ins, outs = _plan(a.shape, a.strides, esize, tuple(out_strides))
        values = a.transpose(perm[::-1]).reshape(sizes[::-1])
        return cls(values, list(sizes), list(ins), list(outs), esize), list(perm)

    def reduced(self, d):
        return self.outs[d] == 0 and self.sizes[d] > 1

    def narrow(self, d, begin, end):
        index = [slice(None)] * len(self.sizes)
        index[len(self.sizes) - 1 - d] = slice(begin, end)
        sizes = list(self.sizes)
        sizes[d] = end - begin
        return _Geometry(self.values[tuple(index)], sizes, self.ins, self.outs, self.esize)


def _reduce(a, reduced, out_strides):
    geo, perm = _Geometry.build(a, out_strides)
    numel = a.size
    out_numel = int(np.prod([n for n, r in zip(a.shape, reduced) if not r]))
    if numel < GRAIN_SIZE or THREADS == 1:
        out = _serial(geo)
    elif out_numel == 1:
        first = _Geometry.build(a, _result_strides(a.shape, [True] * a.ndim, True))[0]
        out = _two_pass(first)
    else:
        out = _split_outer_dim(geo)
    # back from iteration order to the input's order of the kept dims
    kept = [p for p in perm[::-1] if not reduced[p]]
    out = out.reshape([a.shape[p] for p in kept])
    return out.transpose(np.argsort(kept)) if kept else out


# ---------------------------------------------------------------- threads

def _parallel_ranges(n, grain):
    """at::parallel_for's chunks of [0, n): one per thread, equal and rounded up."""
    if n <= grain or n <= 1 or THREADS == 1:
        return [(0, n)]
    nt = min(THREADS, -(-n // grain))
    chunk = -(-n // nt)
    return [(t * chunk, min(n, (t + 1) * chunk)) for t in range(nt) if t * chunk < n]


def _two_pass(geo):
    """A sum to one element over >= GRAIN_SIZE elements: each thread sums a chunk of the flat
    iteration range into its own slot; then the slots are summed."""
    numel = int(np.prod(geo.sizes))
    slots = np.zeros(THREADS, dtype=geo.values.dtype)
    for t, (begin, end) in enumerate(_parallel_ranges(numel, GRAIN_SIZE)):
        slots[t] = _sequential(np.concatenate(_chunk_terms(geo, begin, end)))
    return _serial(_Geometry(slots, [THREADS], [geo.esize], [0], geo.esize))


def _chunk_terms(geo, begin, end):
    """What a thread adds to its slot for the flat range [begin, end), in order: the 2-D calls
    TensorIterator's DimCounter makes (a partial row, a block of rows, whole slices, ...)."""
    if len(geo.sizes) <= 1:
        row = geo.values.reshape(-1)[begin:end]
        return [_column_sums(row[None, :], end - begin, 1, geo.ins[0], 0)]
    n0, n1 = geo.sizes[0], geo.sizes[1]
    slices = geo.values.reshape(-1, n1, n0)
    terms, pos, whole = [], begin, n0 * n1
    while pos < end:
        o, rest = divmod(pos, whole)
        v1, v0 = divmod(rest, n0)
        if rest == 0 and end - pos >= whole:
            count = (end - pos) // whole
            terms.append(_column_sums(slices[o:o + count], n0, n1, geo.ins[0], geo.ins[1]).reshape(-1))
            pos += count * whole
            continue
        step0 = min(n0 - v0, end - pos)
        step1 = min(n1 - v1, (end - pos) // n0) if step0 == n0 else 1
        block = slices[o, v1:v1 + step1, v0:v0 + step0]
        terms.append(_column_sums(block, step0, step1, geo.ins[0], geo.ins[1]))
        pos += step0 * step1
    return terms


def _split_outer_dim(geo):
    """A sum to many elements over >= GRAIN_SIZE elements: the outer-most kept dim with at least
    THREADS entries (else the largest) is split between threads; each part is summed serially."""
    k = len(geo.sizes)
    split = k - 1
    for d in range(k - 1, -1, -1):
        if geo.reduced(d):
            break
        if geo.sizes[d] >= THREADS:
            split = d
            break
        if geo.sizes[d] > geo.sizes[split]:
            split = d
    cols = geo.sizes[split]
    multiple = SPLIT_ROUND_BYTES // geo.esize if geo.ins[split] == geo.esize else 1
    parts = []
    for begin, end in _parallel_ranges(cols, 1):
        begin -= begin % multiple
        if end != cols:
            end -= end % multiple
        if begin < end:
            parts.append(_serial(geo.narrow(split, begin, end)))
    axis = sum(1 for d in range(split + 1, k) if not geo.reduced(d))
    return np.concatenate(parts, axis=axis)


# ---------------------------------------------------------------- one thread

def _serial(geo):
    """Every 2-D call of one thread over the whole geometry; returns the kept dims, slowest first."""
    k = len(geo.sizes)
    if k == 1:
        if not geo.reduced(0):
            return geo.values + geo.values.dtype.type(0)
        return _column_sums(geo.values[None, :], geo.sizes[0], 1, geo.ins[0], 0)[0]
    n0, n1 = geo.sizes[0], geo.sizes[1]
    r0, r1 = geo.reduced(0), geo.reduced(1)
    if not r0:
        # no dim is reduced (reduced dims come first): out = 0 + x
        assert not r1, "reduced dims are iterated first"
        return geo.values + geo.values.dtype.type(0)
    sums = _column_sums(geo.values, n0, n1, geo.ins[0], geo.ins[1])  # (outer..., n1)
    if not r1:
        return sums  # each column is one output element
    # dims 0, 1 and some outer dims are reduced: each output element adds its columns one by one,
    # the columns of a call, then the calls of the outer reduced dims (dim 1 fastest)
    m = next((d for d in range(k) if not geo.reduced(d)), k)
    kept = sums.shape[:k - m]
    return _sequential(sums.reshape(kept + (-1,)))


def _column_sums(block, size0, size1, in0, in1):
    """One 2-D call: the sum of every column of ``block`` (shape (..., size1, size0), dim 0 reduced),
    with the kernel PyTorch picks from the strides (bytes) of dims 0 and 1."""
    esize = block.itemsize
    lanes = VECTOR_BYTES // esize
    inner = in0 == esize and size0 >= lanes
    if inner:
        cascade_cols = 0
    elif in1 == esize and size1 >= lanes:
        cascade_cols = size1 // (OUTER_ROWS * lanes) * OUTER_ROWS * lanes
    elif in0 < in1:
        cascade_cols = 0
    else:
        cascade_cols = size1 // OUTER_ROWS * OUTER_ROWS
    kernel = native.chain() if block.dtype == np.float32 and block.size else None
    if kernel is not None:      # the same additions in C (core/ops/native.py), column by column
        out = kernel.column_sums(block, lanes if inner else 0, cascade_cols)
        if out is not None:
            return out
    if inner:
        return _vector_inner_sum(block, lanes)
    if cascade_cols == 0:
        return _row_sum(block)
    if cascade_cols == size1:
        return _multi_row_sum(block)
    return np.concatenate([_multi_row_sum(block[..., :cascade_cols, :]),
                           _row_sum(block[..., cascade_cols:, :])], axis=-1)


# ---------------------------------------------------------------- the kernels (last axis summed)

def _sequential(x):
    """0 + x[..., 0] + x[..., 1] + ... strictly left to right, per lane."""
    n = x.shape[-1]
    if n == 0:
        return np.zeros(x.shape[:-1], dtype=x.dtype)
    if n > 32 or x.size <= 4096:
        # one call (accumulate never reassociates); for big arrays the loop below reads memory better
        return np.add.accumulate(x, axis=-1)[..., -1]
    acc = x[..., 0].copy(order="K")  # NOTE: the layout of the terms, so each += walks memory in order
    for i in range(1, n):
        acc += x[..., i]
    return acc


def _ceil_log2(n):
    return 1 if n <= 2 else (n - 1).bit_length()


def _multi_row_sum(x):
    """ATen's cascade: runs of ``step`` terms summed, runs of those sums summed, over LEVELS levels."""
    n = x.shape[-1]
    lead = x.shape[:-1]
    step = 1 << max(MIN_LEVEL_POWER, _ceil_log2(n) // LEVELS)
    full = n // step
    if full == 0:
        return _sequential(x)
    # after the rows that fill whole runs: the rows left (level 0), then what is left at each level
    leftovers = [x[..., full * step:]]
    level = _sequential(x[..., :full * step].reshape(lead + (full, step)))
    # levels 1 and 2 push a run of `step` sums up to the next level; the top level keeps adding
    for _ in range(LEVELS - 2):
        runs = level.shape[-1] // step
        leftovers.append(level[..., runs * step:])
        if runs == 0:
            level = level[..., :0]
            break
        level = _sequential(level[..., :runs * step].reshape(lead + (runs, step)))
    leftovers.append(level)
    parts = [_sequential(part) for part in leftovers if part.shape[-1]]
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    return total


def _row_sum(x):
    """ATen's row_sum: ILP interleaved cascades (element i goes to accumulator i % ILP), the
    leftover elements added to the first, then the accumulators added in order."""
    n = x.shape[-1]
    lead = x.shape[:-1]
    q = n // ILP
    if q == 0:
        return _sequential(x)
    parts = _multi_row_sum(np.swapaxes(x[..., :q * ILP].reshape(lead + (q, ILP)), -1, -2))
    return _sequential(np.concatenate([parts[..., :1], x[..., q * ILP:], parts[..., 1:]], axis=-1))


def _vector_inner_sum(x, lanes):
    """A contiguous reduced dim: ``row_sum`` over whole vectors (one accumulator per lane), then
    0 + the leftover elements + the lanes, in order."""
    n = x.shape[-1]
    lead = x.shape[:-1]
    nvec = n // lanes
    vectors = np.swapaxes(x[..., :nvec * lanes].reshape(lead + (nvec, lanes)), -1, -2)
    return _sequential(np.concatenate([x[..., nvec * lanes:], _row_sum(vectors)], axis=-1))


# ---------------------------------------------------------------- the 2-norm's sum of squares

def torch_sum_of_squares(x, axis=None, keepdims=False):
    """The sum of squares ``torch.linalg.vector_norm(x, 2, dim=axis)`` takes the root of, for float32, added in
    PyTorch 2.13's order (other dtypes, and reductions of ``GRAIN_SIZE`` elements or more, numpy's pairwise sum).

    ATen's 2-norm kernel (the AVX2 build, as for ``sum``) has two orders, by the reduction's geometry
    (:class:`_Geometry`):

    * the reduced elements of each output contiguous in memory (a full reduction of a contiguous tensor, the last
      dim): the squares, each rounded, added into 8 lanes a vector of 8 at a time, the lanes then added one after
      another; then, when 4 or more remain, the next 4 rounded squares added one by one; the last 1 to 3 squares
      each fused into the sum (``fma(x, x, s)``, one rounding);
    * otherwise (an outer dim reduced), per output the rounded squares added one after another in iteration order.

    Measured against torch 2.13 (tests/core/test_vector_norm_order.py).

    >>> x = np.array([3, 4, 12], dtype=np.float32)
    >>> float(torch_sum_of_squares(x))
    169.0
    """
    a = np.asarray(x)
    if a.dtype != np.float32 or a.size == 0 or a.ndim == 0 or a.size >= GRAIN_SIZE or \
            (drift._marked and drift.marked(x)):
        return np.sum(a * a, axis=axis, keepdims=keepdims)
    nd = a.ndim
    reduced = [True] * nd
    if axis is not None:
        reduced = [False] * nd
        for d in ((axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)):
            reduced[int(d) % nd] = True
    out_shape = tuple(1 if r else n for n, r in zip(a.shape, reduced)) if keepdims else \
        tuple(n for n, r in zip(a.shape, reduced) if not r)
    if any(s < 0 or s % a.itemsize for s in a.strides):
        a = np.ascontiguousarray(a)
    geo, perm = _Geometry.build(a, _result_strides(a.shape, reduced, keepdims))
    n_reduced = sum(geo.reduced(d) for d in range(len(geo.sizes)))
    values = geo.values.reshape(-1, geo.sizes[0]) if geo.sizes else geo.values.reshape(1, 1)
    if n_reduced == 1 and geo.reduced(0) and geo.ins[0] == geo.esize:
        squares = values * values
        n = squares.shape[1]
        full = n // 8 * 8
        total = np.zeros(squares.shape[0], np.float32)
        if full:
            # (np.cumsum adds in order, one rounding a step: each lane's running sum, each row's lanes in turn)
            lanes = np.cumsum(squares[:, :full].reshape(len(squares), -1, 8), axis=1, dtype=np.float32)[:, -1]
            total = np.cumsum(lanes, axis=1, dtype=np.float32)[:, -1]
        d = full
        if n - d >= 4:
            for k in range(d, d + 4):
                total += squares[:, k]
            d += 4
        for k in range(d, n):
            total = vecmath.fma(values[:, k], values[:, k], total)
        # back to the input's order of the kept dims (the rows are the kept dims, in iteration order)
        kept = [p for p in perm[::-1] if not reduced[p]]
        out = total.reshape([a.shape[p] for p in kept])
        out = out.transpose(np.argsort(kept)) if kept else out.reshape(())
    else:
        # the reduced dims moved last, slowest first: each row is one output's elements in iteration order
        order = [p for p in perm[::-1] if not reduced[p]] + [p for p in perm[::-1] if reduced[p]]
        kept = order[:nd - sum(reduced)]
        rows = a.transpose(order).reshape(int(np.prod([a.shape[p] for p in kept])), -1)
        squares = rows * rows
        total = np.cumsum(squares, axis=1, dtype=np.float32)[:, -1] if squares.shape[1] else \
            np.zeros(len(squares), np.float32)
        out = total.reshape([a.shape[p] for p in kept])
        out = out.transpose(np.argsort(kept)) if kept else out.reshape(())
    out = np.ascontiguousarray(out).reshape(out_shape)
    return out
