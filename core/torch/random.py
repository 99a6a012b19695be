"""PyTorch's CPU random numbers: the same numbers as torch 2.13 for the same seed.

PyTorch's CPU generator is a 32-bit Mersenne Twister seeded with the low 32
bits of ``manual_seed``'s argument, numpy's legacy ``RandomState`` seeds the
same way, so its bit generator gives the raw 32-bit draws, vectorized.  What
PyTorch makes of them, read off its documentation and checked against torch
2.13 draw by draw (tests/core/test_random.py):

* ``rand``: a float32 takes the low 24 bits of one draw times 2^-24; a float64
  the low 53 bits of two draws (the first the high word) times 2^-53;
* ``randint(low, high)``: one draw modulo the range, plus ``low`` (two draws,
  as one 64-bit number, when the range needs more than 32 bits);
* ``randn`` with fewer than 16 elements: each pair of float64 uniforms ``u1,
  u2`` gives ``r = sqrt(-2 log(1 - u2))`` at angle ``2 pi u1``; the cosine is
  used and the sine kept for the next normal (``manual_seed`` forgets it);
* ``randn`` with 16 or more: every element first gets a uniform, then each
  block of 16 turns into normals by Box-Muller on the pairs (j, j + 8), the
  last block recomputed from fresh uniforms when 16 does not divide the size.
  In float64 this is exact with the C library's log, sin and cos.  In float32
  PyTorch's vectorised kernel computes log, sin and cos with the Cephes
  polynomials of Pommier's "avx_mathfun" (range reduction by pi/4 in three
  parts, degree-8 log), compiled with fused multiply-adds; :func:`_log8` and
  :func:`_sincos8` evaluate the same polynomials in the same order with
  float32 numpy arithmetic and an exact float32 FMA (:func:`fma32`), so the
  numbers are PyTorch's bit for bit (checked on millions of draws);
* ``randperm(n)``: Fisher-Yates from the front, one draw modulo the rest each;
* ``normal(mean, std)``/``normal_``: ``randn``'s numbers times std plus mean
  (one FMA in float32 blocks, in float64 otherwise);
* ``uniform_(a, b)``: the float32 uniform ``u`` (24 bits) gives
  ``fma(u, b - a, a)`` with ``a`` and ``b`` rounded to float32 first;
* ``bernoulli_(p)``, hence dropout's mask: one float64 uniform per element,
  ``u < p`` (PyTorch's default kernel, not MKL's: two 32-bit draws each);
  ``bernoulli(probs)``: one float32 uniform per element against its probability;
* ``exponential_(lambd)``: ``-1/lambd * log1p(-u)`` of a float64 uniform;
* ``random_()``: a draw modulo 2^24 + 1 (float32), 2^53 + 1 (float64), the
  type's maximum plus one (integers; two draws for int64); ``random_(low,
  high)`` as ``randint``.
"""
from __future__ import annotations

import math

import numpy as np

from core.ops.vecmath import fma as _vec_fma

_TWO_PI = 2.0 * math.pi


# DRAWS[0]: how many times any generator has drawn (torch.func.vmap refuses a random op in its default
# randomness mode, as PyTorch does, by seeing this count move while the function runs)
DRAWS = [0]


class Generator:
    """One CPU generator: the Mersenne Twister's state and the cached normal.

    Also ``torch.Generator`` for programs (``manual_seed`` returns the
    generator, ``initial_seed``, ``get_state``/``set_state``)."""

    _bpl_public = frozenset({"manual_seed", "initial_seed", "seed", "get_state", "set_state"})

    def __init__(self, device="cpu", seed: int = 67280421310721):
        # NOTE: a fresh torch.Generator() starts from PyTorch's default seed 67280421310721
        # (core.torch.creation makes the default generator with Generator(0): seed 0)
        self.manual_seed(device if isinstance(device, int) else seed)

    def manual_seed(self, seed):
        seed = int(seed)
        if seed < -2 ** 63 or seed >= 2 ** 64:
            raise RuntimeError("Overflow when unpacking long long")
        self._seed = seed & 0xFFFFFFFFFFFFFFFF
        self._bits = np.random.RandomState(seed & 0xFFFFFFFF)._bit_generator
        self._next_normal = None
        return self

    def initial_seed(self) -> int:
        return self._seed

    def seed(self) -> int:
        # NOTE: PyTorch seeds from the clock here; a run must be reproducible, so a fixed one
        return self.manual_seed(67280421310721).initial_seed()

    def get_state(self):
        """The state as a plain tuple (PyTorch gives a ByteTensor; programs only hand it back)."""
        state = self._bits.state
        return _GeneratorState((self._seed, state["state"]["key"].copy(), int(state["state"]["pos"]),
                                self._next_normal))

    def set_state(self, new_state):
        if not isinstance(new_state, _GeneratorState):
            raise TypeError("set_state expects the value get_state returned")
        self._seed, key, pos, self._next_normal = new_state
        self._bits.state = {"bit_generator": "MT19937", "state": {"key": key.copy(), "pos": pos}}
        return self

    # -- draws -----------------------------------------------------------------------
    def _u32(self, n: int) -> np.ndarray:
        DRAWS[0] += 1
        return np.asarray(self._bits.random_raw(n), dtype=np.uint64)

    def _u64(self, n: int) -> np.ndarray:
        raw = self._u32(2 * n).reshape(n, 2)
        return (raw[:, 0] << np.uint64(32)) | raw[:, 1]

    def uniform(self, n: int, dtype) -> np.ndarray:
        """``n`` uniforms in [0, 1) as ``dtype`` (float32 or float64) computes them."""
        if np.dtype(dtype) == np.float64:
            return (self._u64(n) & np.uint64((1 << 53) - 1)).astype(np.float64) * 2.0 ** -53
        return ((self._u32(n) & np.uint64((1 << 24) - 1)).astype(np.float64) * 2.0 ** -24).astype(np.float32)

    def uniform_between(self, n: int, dtype, low: float, high: float) -> np.ndarray:
        """``uniform_(low, high)``: the bounds in the tensor's dtype, ``u * (high - low) + low`` fused."""
        if np.dtype(dtype) == np.float64:
            u = self.uniform(n, np.float64)
            return fma64(u, np.float64(high) - np.float64(low), np.float64(low))
        lo, hi = np.float32(low), np.float32(high)
        return fma32(self.uniform(n, np.float32), hi - lo, lo)

    def integers(self, n: int, low: int, high: int) -> np.ndarray:
        span = int(high) - int(low)
        draws = self._u32(n) if span < 2 ** 32 else self._u64(n)
        return (draws % np.uint64(span)).astype(np.int64) + int(low)

    def full_range(self, n: int, dtype) -> np.ndarray:
        """``random_()`` without bounds: [0, 2^mantissa] for floats, [0, max] for integers."""
        dtype = np.dtype(dtype)
        if dtype == np.float32:
            return (self._u32(n) % np.uint64(2 ** 24 + 1)).astype(np.float32)
        if dtype == np.float64:
            return (self._u64(n) % np.uint64(2 ** 53 + 1)).astype(np.float64)
        if dtype == np.bool_:
            return (self._u32(n) & np.uint64(1)).astype(np.bool_)
        top = int(np.iinfo(dtype).max) + 1
        draws = self._u64(n) if dtype == np.int64 else self._u32(n)
        return (draws % np.uint64(top)).astype(dtype)

    def bernoulli(self, n: int, p: float) -> np.ndarray:
        """``n`` booleans true with probability ``p`` (float64 uniforms: ``bernoulli_(p)``, dropout)."""
        return self.uniform(n, np.float64) < float(p)

    def exponential(self, n: int, lambd: float) -> np.ndarray:
        u = self.uniform(n, np.float64)
        return (-1.0 / float(lambd)) * np.log1p(-u)

    def permutation(self, n: int) -> np.ndarray:
        r = np.arange(n, dtype=np.int64)
        draws = self._u32(max(n - 1, 0))
        for i in range(n - 1):
            z = int(draws[i]) % (n - i)
            r[i], r[z + i] = r[z + i], r[i]
        return r

    def normal(self, n: int, dtype, mean: float = 0.0, std: float = 1.0) -> np.ndarray:
        """``n`` normals as ``dtype`` (see the module docstring for the two paths)."""
        if n >= 16:
            return self._normal_fill(n, np.dtype(dtype), mean, std)
        out = np.empty(n, dtype=np.float64)
        for i in range(n):
            out[i] = self._scalar_normal() * std + mean
        return out.astype(dtype)

    def _scalar_normal(self) -> float:
        cached = self._next_normal
        if cached is not None:
            self._next_normal = None
            return cached
        u1, u2 = self.uniform(2, np.float64)
        r = math.sqrt(-2.0 * math.log1p(-float(u2)))
        theta = _TWO_PI * float(u1)
        self._next_normal = r * math.sin(theta)
        return r * math.cos(theta)

    def _normal_fill(self, n: int, dtype, mean, std) -> np.ndarray:
        data = self.uniform(n, dtype)
        whole = n - n % 16
        if whole:
            data[:whole] = _box_muller(data[:whole].reshape(-1, 16), dtype, mean, std).ravel()
        if n % 16:
            data[n - 16:] = _box_muller(self.uniform(16, dtype).reshape(1, 16), dtype, mean, std).ravel()
        return data


class _GeneratorState(tuple):
    """What ``get_state`` returns: opaque to programs (no attributes), handed back to ``set_state``."""
    _bpl_public = frozenset()


def _box_muller(blocks, dtype, mean, std):
    """Rows of 16 uniforms to rows of 16 normals, pairing column j with j + 8."""
    if dtype == np.float64:
        # NOTE: the C library's log, cos and sin (numpy's vectorised ones round differently)
        u1 = (1.0 - blocks[:, :8]).ravel().tolist()
        theta = (_TWO_PI * blocks[:, 8:]).ravel().tolist()
        radius = np.array([math.sqrt(-2.0 * math.log(u)) for u in u1]).reshape(-1, 8)
        cos = np.array([math.cos(t) for t in theta]).reshape(-1, 8)
        sin = np.array([math.sin(t) for t in theta]).reshape(-1, 8)
        return np.concatenate([fma64(radius * cos, std, mean), fma64(radius * sin, std, mean)], axis=1)
    f = np.float32
    radius = np.sqrt(f(-2) * _log8(f(1) - blocks[:, :8]))
    sin, cos = _sincos8(f(_TWO_PI) * blocks[:, 8:])
    low, high = radius * cos, radius * sin
    return np.concatenate([fma32(low, f(std), f(mean)), fma32(high, f(std), f(mean))], axis=1)


# ---------------------------------------------------------------------------------------
# float32 arithmetic as PyTorch's compiled kernels do it
# ---------------------------------------------------------------------------------------

def fma32(a, b, c):
    """``a * b + c`` rounded once to float32, as an FMA instruction computes it (:func:`core.ops.vecmath.fma`)."""
    return _vec_fma(np.asarray(a, np.float32), np.asarray(b, np.float32), np.asarray(c, np.float32))


def fma64(a, b, c):
    """``a * b + c`` in float64 with the product's rounding error kept (Dekker's
    split), so the result is the fused one except in rare double roundings."""
    a, b, c = (np.asarray(v, np.float64) for v in (a, b, c))
    p = a * b
    split = 134217729.0  # 2^27 + 1
    ah = a * split - (a * split - a)
    bh = b * split - (b * split - b)
    al, bl = a - ah, b - bh
    perr = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    back = s - p
    serr = (p - (s - back)) + (c - back)
    return s + (serr + perr)


_F = np.float32
_LOG_POLY = [_F(v) for v in (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1,
                             1.4249322787E-1, -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1,
                             3.3333331174E-1)]


def _log8(x):
    """Natural log of float32 ``x > 0``: Cephes' logf as PyTorch's vectorised normal kernel evaluates it."""
    x = np.maximum(x, _F(1.17549435e-38))
    bits = x.view(np.int32)
    e = ((bits >> 23) - 127).astype(_F) + _F(1)
    m = ((bits & ~0x7F800000) | 0x3F000000).view(_F)          # mantissa in [0.5, 1)
    small = m < _F(0.707106781186547524)
    e = e - np.where(small, _F(1), _F(0))
    m = (m - _F(1)) + np.where(small, m, _F(0))
    z = m * m
    y = np.full_like(m, _LOG_POLY[0])
    for coef in _LOG_POLY[1:]:
        y = fma32(y, m, coef)
    y = y * m
    y = fma32(y, z, e * _F(-2.12194440e-4))
    y = y - z * _F(0.5)
    return fma32(e, _F(0.693359375), m + y)


def _sincos8(x):
    """(sin x, cos x) of float32 ``x >= 0`` (Cephes' sinf/cosf, PyTorch's vectorised normal kernel)."""
    j = (x * _F(1.27323954473516)).astype(np.int32)        # x / (pi/4), truncated
    j = (j + 1) & ~1
    y = j.astype(_F)
    r = fma32(y, _F(-0.78515625), x)                     # x - y pi/4 in three parts
    r = fma32(y, _F(-2.4187564849853515625e-4), r)
    r = fma32(y, _F(-3.77489497744594108e-8), r)
    z = r * r
    cos_poly = fma32(fma32(np.full_like(z, _F(2.443315711809948E-005)), z, _F(-1.388731625493765E-003)),
                     z, _F(4.166664568298827E-002))
    cos_poly = fma32(cos_poly * z, z, -(z * _F(0.5))) + _F(1)
    sin_poly = fma32(fma32(np.full_like(z, _F(-1.9515295891E-4)), z, _F(8.3321608736E-3)), z,
                     _F(-1.6666654611E-1))
    sin_poly = fma32(sin_poly * z, r, r)
    first = (j & 2) == 0
    sin = np.where(first, sin_poly, cos_poly)
    cos = np.where(first, cos_poly, sin_poly)
    sin = np.where((j & 4) != 0, -sin, sin)
    cos = np.where(((j - 2) & 4) == 0, -cos, cos)
    return sin, cos
