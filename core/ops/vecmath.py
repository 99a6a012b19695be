"""float32 transcendental functions rounded as PyTorch 2.13's CPU kernels round them.

numpy evaluates float32 ``exp``, ``sin`` ... with its own SIMD code, whose last bit differs from
PyTorch's for a large fraction of elements (exp: 39 %, tanh: 34 %, cos: 19 %, sin: 16 %, log: 5 %
of uniform tutorial-range inputs), and a training loop that prints its loss drifts from the
recording.  Measured on PyTorch 2.13 (x86-64, MKL build, AVX512 capability), the kernels are:

- ``torch.exp``, ``sin``, ``cos``, ``log``, ``tanh`` (float32 and float64): Intel MKL's vector math
  (``vmsExp`` ... in high-accuracy mode) for every element, the short tails included.  MKL's
  algorithms are not published, so they cannot be reproduced; :func:`mkl_like` rounds the float64
  value to float32 instead (the correctly rounded result), which MKL's result equals for all but
  ~1 % (exp), ~5 % (sin, cos), 0.2 % (tanh), 0.006 % (log) of float32 inputs.
- ``torch.sigmoid`` (float32): ATen's own kernel, ``1 / (1 + exp(-x))`` with SLEEF's ``expf``
  (u10, FMA) on blocks of 32 elements (two AVX512 vectors) and with glibc's scalar ``expf`` on the
  ``n % 32`` elements left over at the end.  Both are reproduced exactly (:func:`sigmoid32`).
- ``torch.softmax``, ``log_softmax`` (float32): ATen's SoftMaxKernel with SLEEF's ``expf`` and
  ``logf`` (AVX512: 16 lanes), glibc's ``expf`` for columns left over along a non-last dim, and
  ATen's order of additions; exact (:func:`softmax32`, :func:`log_softmax32`).

Where PyTorch splits the work among threads the leftovers depend on the thread count:
:data:`THREADS` is the recordings' (1).

Everything is numpy in, numpy out; only float32 arrays are handled here.
"""
from __future__ import annotations

import math
from decimal import Decimal, localcontext

import numpy as np

from core.ops import drift, native

_F = np.float32
_F64 = np.float64

# ---------------------------------------------------------------------------------------
# float32 fused multiply-add
# ---------------------------------------------------------------------------------------


def fma(a, b, c, normal=False):
    """``a * b + c`` rounded once to float32, as the FMA instruction rounds it.

    Where the engine's compiled piece could be built (:mod:`core.ops.native`) the instruction itself
    computes it, for float32 operands that are each one number or an array of the result's shape.
    Otherwise: the product of two float32 numbers is exact in float64 and the sum is rounded once there;
    rounding that double to float32 is then right except where the double lands exactly on a
    float32 rounding midpoint (or where the result is subnormal in float32, which ``normal=True``
    rules out).  Only those rare elements are redone with the sum rounded to odd (the sum's
    error decides the last bit).  An operand that already drifted from PyTorch's bits
    (:mod:`core.ops.drift`) gives a float32 multiply and add instead, marked."""
    if drift._marked and (drift.marked(a) or drift.marked(b) or drift.marked(c)):
        out = np.add(np.multiply(a, b, dtype=_F), c, dtype=_F)
        drift.mark(out)
        return out
    kernel = native.chain()
    if kernel is not None:      # the CPU's own FMA (core/ops/native.py), where the operands allow
        out = kernel.fma(np.asarray(a), np.asarray(b), np.asarray(c))
        if out is not None:
            return out
    s = np.asarray(np.multiply(a, b, dtype=_F64))   # an array even for numpy scalars (s[redo] below)
    s += c
    redo = (s.view(np.int64) & 0x1FFFFFFF) == 0x10000000
    if not normal:
        redo |= np.abs(s) < 2.0 ** -125
    if np.any(redo):
        aa, bb, cc = (np.broadcast_to(np.asarray(v, _F64), s.shape)[redo] for v in (a, b, c))
        pp, ss = aa * bb, s[redo]
        back = ss - pp
        err = (pp - (ss - back)) + (cc - back)
        bits = ss.view(np.int64)
        step = np.where((err != 0) & ((bits & 1) == 0) & np.isfinite(ss),
                        np.where((err > 0) == (ss > 0), 1, -1), 0)
        s[redo] = (bits + step).view(_F64)
    return s.astype(_F)


def _fma(a, b, c):
    """:func:`fma` where no result can be subnormal (SLEEF's reductions and polynomials)."""
    return fma(a, b, c, normal=True)


def _split(x):
    """Veltkamp's split of float64 numbers into two halves of 26 bits each (``hi + lo == x``)."""
    t = x * 134217729.0   # 2**27 + 1
    hi = t - (t - x)
    return hi, x - hi


def fma64(a, b, c):
    """``a * b + c`` rounded once to float64, as the FMA instruction rounds it.

    The product is split exactly into ``p + e`` (Dekker), ``c + p`` summed exactly, and the three
    parts added with the inner sum rounded to odd, which makes the outer rounding the correct one
    (Boldo and Melquiond's emulation of the FMA).  Elements where a split could overflow or an
    error could fall below the smallest normal number, and non-finite ones, are done apart
    (exactly with fractions, or as IEEE arithmetic gives infinities and NaN)."""
    a, b, c = np.broadcast_arrays(*(np.asarray(v, dtype=_F64) for v in (a, b, c)))
    with np.errstate(all="ignore"):
        out = _fma64_parts(a, b, c)
    tiny, huge = 2.0 ** -900, 2.0 ** 990
    odd = ~(np.isfinite(a) & np.isfinite(b) & np.isfinite(c))
    odd |= (np.abs(a) > huge) | (np.abs(b) > huge) | (np.abs(c) > huge)
    with np.errstate(all="ignore"):
        odd |= (a * b != 0) & (np.abs(a * b) < tiny)
    if np.any(odd):
        out = np.array(out, copy=True, ndmin=1)
        for i in np.flatnonzero(odd):
            out.flat[i] = _fma_exact(float(a.flat[i]), float(b.flat[i]), float(c.flat[i]))
        out = out.reshape(a.shape)
    return out


def _fma_exact(x, y, z):
    """One float64 fused multiply-add, with fractions (infinities and NaN as IEEE arithmetic gives them)."""
    from fractions import Fraction
    if not all(map(np.isfinite, (x, y, z))):
        return x * y + z
    exact = Fraction(x) * Fraction(y) + Fraction(z)
    if not exact:
        return x * y + z   # the sign of a zero as IEEE gives it
    try:
        return float(exact)
    except OverflowError:
        return np.inf if exact > 0 else -np.inf


def _fma64_parts(a, b, c):
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    th, tl = _two_sum(c, p)
    v, verr = _two_sum(tl, e)
    bits = v.view(np.int64)
    step = np.where((verr != 0) & ((bits & 1) == 0) & np.isfinite(v),
                    np.where((verr > 0) == (v > 0), 1, -1), 0)
    return th + (bits + step).view(_F64)


# ---------------------------------------------------------------------------------------
# SLEEF's expf (u10), the vector path of ATen's Vectorized<float>::exp
# ---------------------------------------------------------------------------------------

# exp(s) = 1 + s + s^2 (1/2 + s/6 + ...), minimax coefficients (SLEEF's, float32), highest first
_SLEEF_EXP_POLY = [_F(v) for v in (1.98527617612853646278381e-4, 1.39304355252534151077271e-3,
                                   8.33336077630519866943359e-3, 4.16664853692054748535156e-2,
                                   1.66666671633720397949219e-1, 0.5)]
_LN2_HI = _F(0.693145751953125)          # ln 2 in two float32 parts: q * hi is exact
_LN2_LO = _F(1.428606765330187045e-6)
_INV_LN2 = _F(1.4426950408889634)


def _pow2(q):
    """2^q as float32, for integer ``q`` in [-126, 127]."""
    return ((q + 127) << 23).astype(np.int32).view(_F)


def sleef_expf(x):
    """e^x as SLEEF's ``expf_u10`` computes it (FMA build): x = q ln 2 + s with |s| <= ln 2 / 2,
    a degree-7 polynomial for e^s, then scaling by 2^q in two steps (results reach down to 2^-150)."""
    x = np.asarray(x, _F)
    with np.errstate(invalid="ignore", over="ignore", under="ignore"):
        qf = np.rint(np.clip(x * _INV_LN2, _F(-200), _F(200)))
        qf = np.where(np.isnan(qf), _F(0), qf)
        q = qf.astype(np.int32)
        s = _fma(qf, -_LN2_HI, x)
        s = _fma(qf, -_LN2_LO, s)
        u = np.full_like(s, _SLEEF_EXP_POLY[0])
        for coef in _SLEEF_EXP_POLY[1:]:
            u = _fma(u, s, coef)
        u = _F(1) + _fma(s * s, u, s)
        half = q >> 1
        u = u * _pow2(half) * _pow2(q - half)
    u = np.where(x < _F(-104), _F(0), u)
    return np.where(x > _F(100), _F(np.inf), u)


# ---------------------------------------------------------------------------------------
# SLEEF's logf (u10), ATen's Vectorized<float>::log (log_softmax takes it of the row sums)
# ---------------------------------------------------------------------------------------
# SLEEF carries a value as an unevaluated float32 pair (hi, lo) ("double-float"); these are the
# pair operations its FMA build uses.

def _two_sum(x, y):
    """(s, t) with s = fl(x + y) and s + t = x + y exactly (Knuth)."""
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _df_mul_f(xh, xl, y):
    """(xh + xl) * y as a pair: the product's rounding error by FMA."""
    s = xh * y
    return s, _fma(xl, y, _fma(xh, y, -s))


def _df_div(nh, nl, dh, dl):
    """(nh + nl) / (dh + dl) as a pair: one reciprocal, corrections by FMA."""
    t = _F(1) / dh
    s = nh * t
    u = _fma(t, nh, -s)
    v = _fma(-dl, t, _fma(-dh, t, _F(1)))
    return s, _fma(s, v, _fma(nl, t, u))


def _df_add(xh, xl, yh, yl):
    """(xh + xl) + (yh + yl), SLEEF's fast pair sum (|x| >= |y| assumed)."""
    s = xh + yh
    return s, (((xh - s) + yh) + xl) + yl


_LN2_PAIR = (_F(0.69314718246459960938), _F(-1.904654323148236017e-09))
_SLEEF_LOG_POLY = (_F(0.3027294874), _F(0.3996108174), _F(0.6666694880))


def sleef_logf(x):
    """ln x as SLEEF's ``logf_u10`` computes it (AVX512 build): x = 2^e m with m in [0.75, 1.5),
    ln m = 2 atanh((m - 1)/(m + 1)) with the leading terms in double-float, then the pair summed.
    Zero, negative, infinite and nan inputs give numpy's (IEEE) values."""
    x = np.asarray(x, _F)
    ok = np.isfinite(x) & (x >= np.finfo(_F).tiny)
    d = np.where(ok, x, _F(1))
    e = (np.frexp(d * _F(1.0 / 0.75))[1] - 1).astype(_F)      # getexp(d / 0.75), from the rounded product
    f, _ = np.frexp(d)                                           # getmant: d = 2^k' m, m in [0.75, 1.5)
    m = np.where(f >= _F(0.75), f, f * _F(2)).astype(_F)
    sh, sl = _df_mul_f(*_LN2_PAIR, e)
    xh, xl = _df_div(*_two_sum(_F(-1), m), *_two_sum(_F(1), m))
    x2 = xh * xh
    t = _fma(_fma(np.full_like(x2, _SLEEF_LOG_POLY[0]), x2, _SLEEF_LOG_POLY[1]), x2, _SLEEF_LOG_POLY[2])
    sh, sl = _df_add(sh, sl, xh * _F(2), xl * _F(2))
    sh, sl = _df_add(sh, sl, (x2 * xh) * t, _F(0))
    r = sh + sl
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(ok, r, np.log(x))


# ---------------------------------------------------------------------------------------
# glibc's scalar expf (ARM's optimized-routines algorithm), ATen's scalar tail
# ---------------------------------------------------------------------------------------

def _exp2_table(bits=5):
    """2^(i / 2^bits) for i < 2^bits, correctly rounded to float64."""
    n = 1 << bits
    with localcontext() as ctx:
        ctx.prec = 40
        ln2 = Decimal(2).ln()
        return np.array([float((ln2 * i / n).exp()) for i in range(n)], _F64)


_EXP2_32 = _exp2_table()
# e^(r ln2 / 32) ~ 1 + C2 r + C1 r^2 + C0 r^3 on |r| <= 1/2 (glibc's coefficients, scaled by 1/32^k)
_GLIBC_EXP_C = (float.fromhex("0x1.c6af84b912394p-5") / 32 ** 3, float.fromhex("0x1.ebfce50fac4f3p-3") / 32 ** 2,
                float.fromhex("0x1.62e42ff0c52d6p-1") / 32)
_INV_LN2_32 = float.fromhex("0x1.71547652b82fep+0") * 32


def glibc_expf(x):
    """e^x as glibc's ``expf`` computes it: in float64, x / ln2 = (k + r) / 32 with integer k,
    2^(k/32) from a table and a cubic for 2^(r/32), one rounding to float32 at the end.
    (glibc's FMA variant fuses the cubic's steps; in float64 that changes the float32 result
    only where a double lands exactly on a float32 midpoint, which is not modelled.)"""
    x = np.asarray(x, _F)
    if x.ndim == 0:
        return _glibc_expf_one(float(x))
    xd = x.astype(_F64)
    with np.errstate(invalid="ignore", over="ignore", under="ignore"):
        z = _INV_LN2_32 * xd
        kd = np.rint(np.clip(z, -8000.0, 8000.0))
        kd = np.where(np.isnan(kd), 0.0, kd)
        r = z - kd
        k = kd.astype(np.int64)
        scale = _EXP2_32[k & 31] * np.ldexp(1.0, k >> 5)
        c0, c1, c2 = _GLIBC_EXP_C
        y = (c0 * r + c1) * (r * r) + (c2 * r + 1.0)
        y = (y * scale).astype(_F)
    y = np.where(xd < -104.0, _F(0), np.where(xd > 89.0, _F(np.inf), y))   # beyond: 0 or inf
    return np.where(np.isnan(x), x, y)


_EXP2_32_FLOATS = _EXP2_32.tolist()
_F32_OVERFLOW = (2 - 2.0 ** -24) * 2.0 ** 127    # doubles from here up round to float32's infinity


def _glibc_expf_one(xd: float):
    """:func:`glibc_expf` of one number, in Python floats (IEEE doubles, as numpy's float64 steps): the same
    bits in 0.6 us where the array path takes 14 (PyTorch's CTC loss calls std::exp once per element, in a loop)."""
    if xd != xd:
        return np.array(xd, _F)
    if xd < -104.0 or xd > 89.0:
        return np.array(0.0 if xd < -104.0 else np.inf, _F)
    z = _INV_LN2_32 * xd
    k = round(z)                # half to even, as np.rint
    r = z - k
    c0, c1, c2 = _GLIBC_EXP_C
    y = ((c0 * r + c1) * (r * r) + (c2 * r + 1.0)) * (_EXP2_32_FLOATS[k & 31] * math.ldexp(1.0, k >> 5))
    return np.array(np.inf if y >= _F32_OVERFLOW else y, _F)


# ---------------------------------------------------------------------------------------
# the ops
# ---------------------------------------------------------------------------------------

_BLOCK = 32          # ATen's vectorized loop takes 2 vectors of 16 floats at a time
_GRAIN = 32768       # at::internal::GRAIN_SIZE
# NOTE: PyTorch splits a kernel's range among its intra-op threads (torch.get_num_threads(), by
# default the number of cores) and each thread's part has its own leftover elements, so results
# depend on the thread count; the recordings (tests/oracle.py, make_oracle.py) run with 1 thread.
THREADS = 1


def _chunks(total, grain):
    """The [begin, end) ranges at::parallel_for gives its threads (OpenMP build)."""
    if total <= grain or THREADS == 1:
        return [(0, total)]
    tasks = min(THREADS, -(-total // max(grain, 1)))
    size = -(-total // tasks)
    return [(b, min(b + size, total)) for b in range(0, total, size)]


def _blocked(x, vector_fn, scalar_fn):
    """Apply ``vector_fn`` to whole blocks of 32 elements (C order) and ``scalar_fn`` to the
    rest of each thread's range, as ATen's ``cpu_kernel_vec`` loop does for a contiguous tensor."""
    flat = np.ascontiguousarray(x, _F).reshape(-1)
    vec = np.zeros(flat.size, bool)
    for begin, end in _chunks(flat.size, _GRAIN):
        vec[begin:end - (end - begin) % _BLOCK] = True
    out = np.empty_like(flat)
    if vec.any():
        out[vec] = vector_fn(flat[vec])
    if not vec.all():
        out[~vec] = scalar_fn(flat[~vec])
    return out.reshape(np.shape(x))


def sigmoid32(x):
    """torch.sigmoid of a float32 array: ``1 / (1 + exp(-x))``, SLEEF's exp in blocks of 32
    elements and glibc's expf for the tail (a nan comes out with its sign flipped, as there)."""
    with np.errstate(over="ignore"):
        return _blocked(x, lambda v: _F(1) / (_F(1) + sleef_expf(-v)),
                        lambda v: _F(1) / (_F(1) + glibc_expf(-v)))


def mkl_like(fn, x):
    """``fn`` (a numpy ufunc such as np.exp) of a float32 array, computed in float64 and rounded
    once to float32: the correctly rounded value, the closest reproducible stand-in for MKL's
    (see the module docstring for how often MKL differs)."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return fn(np.asarray(x, _F).astype(_F64)).astype(_F)


# ---------------------------------------------------------------------------------------
# softmax and log_softmax (ATen's SoftMaxKernel.cpp, AVX512: 16 floats a vector)
# ---------------------------------------------------------------------------------------

_LANES = 16


def _lane_sum(e):
    """Row sums of a 2-D float32 array as ATen's ``vec::reduce_all`` adds: rows shorter than a
    vector left to right; otherwise 16 lane accumulators over the full vectors, the tail's
    elements added into the first lanes, then the lanes folded in halves (8, 4, 2, 1 apart)."""
    rows, n = e.shape
    if n < _LANES:
        return np.cumsum(e, axis=1, dtype=_F)[:, -1]
    full = n - n % _LANES
    acc = np.cumsum(e[:, :full].reshape(rows, -1, _LANES), axis=1, dtype=_F)[:, -1, :]
    tail = n - full
    if tail:
        acc[:, :tail] += e[:, full:]
    lanes = np.arange(_LANES)
    step = _LANES // 2
    while step:
        acc = acc + acc[:, lanes ^ step]
        step //= 2
    return acc[:, 0]


def _vector_columns(outer, inner):
    """Which of the (outer, inner) columns ATen's softmax along a non-last dim takes with vectors:
    16 at a time while they fit in the row (``inner``) and in the thread's range."""
    vec = np.zeros(outer * inner, bool)
    for begin, end in _chunks(outer * inner, 1):
        idx = begin
        while idx < end:
            col = idx % inner
            if col + _LANES <= inner and idx + _LANES <= end:
                vec[idx:idx + _LANES] = True
                idx += _LANES
            else:
                idx += end - idx if idx + _LANES > end else inner - col
    return vec.reshape(outer, inner)


def _softmax_parts(x, dim, log=False):
    """(x - max, exp(x - max), sums) along ``dim`` with PyTorch's exps and order of additions,
    the arrays shaped (outer, dim, inner); ``lastdim`` says which kernel PyTorch runs."""
    x = np.asarray(x, _F)
    xs = x.reshape(1) if x.ndim == 0 else x
    dim = dim % xs.ndim
    shape = xs.shape
    outer = int(np.prod(shape[:dim], dtype=np.int64))
    inner = int(np.prod(shape[dim + 1:], dtype=np.int64))
    v = xs.reshape(outer, shape[dim], inner)
    with np.errstate(invalid="ignore", over="ignore"):
        shifted = v - np.max(v, axis=1, keepdims=True)
    if dim == xs.ndim - 1:
        # NOTE: the last dim: every element through SLEEF's vector exp, rows summed by lanes
        e = sleef_expf(shifted)
        sums = _lane_sum(e.reshape(outer, -1)).reshape(outer, 1, 1)
        return shifted, e, sums, True
    # NOTE: another dim: columns 16 at a time with SLEEF's exp, those that do not fill a vector
    # with glibc's expf (softmax: of each thread's share of the (outer, inner) columns; log_softmax:
    # of each row of columns), each column summed from 0 down the dim
    if log:
        cols = np.arange(inner) < inner - inner % _LANES
        vec = np.broadcast_to(cols, shifted.shape)
    else:
        vec = np.broadcast_to(_vector_columns(outer, inner)[:, None, :], shifted.shape)
    e = np.empty_like(shifted)
    e[vec] = sleef_expf(shifted[vec])
    e[~vec] = glibc_expf(shifted[~vec])
    sums = np.cumsum(e, axis=1, dtype=_F)[:, -1:, :]
    return shifted, e, sums, False


def softmax32(x, dim):
    """torch.softmax of a float32 array along ``dim``, bit for bit (one thread's worth of rows)."""
    if np.size(x) == 0:
        return np.array(x, _F)
    shifted, e, sums, lastdim = _softmax_parts(x, dim)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = e * (_F(1) / sums) if lastdim else e / sums
    return out.reshape(np.shape(x))


def log_softmax32(x, dim):
    """torch.log_softmax of a float32 array along ``dim``: (x - max) - log(sum), SLEEF's log."""
    if np.size(x) == 0:
        return np.array(x, _F)
    shifted, e, sums, _ = _softmax_parts(x, dim, log=True)
    with np.errstate(invalid="ignore"):
        out = shifted - sleef_logf(sums)
    return out.reshape(np.shape(x))
