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
  In float64 this is exact.  NOTE: for float32 PyTorch's AVX2 build computes
  log, sin and cos with SLEEF's vector functions, which round differently from
  numpy's in about one element in seven (by a few units in the last place, 1e-7):
  invisible in printed tensors, but not bit for bit;
* ``randperm(n)``: Fisher-Yates from the front, one draw modulo the rest each;
* ``normal(mean, std)``/``normal_``: ``randn``'s numbers times std plus mean;
  ``uniform_(a, b)``: ``rand``'s times (b - a) plus a.
"""
from __future__ import annotations

import math

import numpy as np

_TWO_PI = 2.0 * math.pi


class Generator:
    """One CPU generator: the Mersenne Twister's state and the cached normal."""

    def __init__(self, seed: int = 0):
        self.manual_seed(seed)

    def manual_seed(self, seed: int) -> None:
        self.seed = int(seed)
        self._bits = np.random.RandomState(int(seed) & 0xFFFFFFFF)._bit_generator
        self._next_normal = None

    # -- draws -----------------------------------------------------------------------
    def _u32(self, n: int) -> np.ndarray:
        return np.asarray(self._bits.random_raw(n), dtype=np.uint64)

    def _u64(self, n: int) -> np.ndarray:
        raw = self._u32(2 * n).reshape(n, 2)
        return (raw[:, 0] << np.uint64(32)) | raw[:, 1]

    def uniform(self, n: int, dtype) -> np.ndarray:
        """``n`` uniforms in [0, 1) as ``dtype`` (float32 or float64) computes them."""
        if np.dtype(dtype) == np.float64:
            return (self._u64(n) & np.uint64((1 << 53) - 1)).astype(np.float64) * 2.0 ** -53
        return ((self._u32(n) & np.uint64((1 << 24) - 1)).astype(np.float64) * 2.0 ** -24).astype(np.float32)

    def integers(self, n: int, low: int, high: int) -> np.ndarray:
        span = int(high) - int(low)
        draws = self._u32(n) if span < 2 ** 32 else self._u64(n)
        return (draws % np.uint64(span)).astype(np.int64) + int(low)

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
        blocks = list(range(0, n - 15, 16))
        for start in blocks:
            _box_muller_16(data, start, dtype, mean, std)
        if n % 16:
            data[n - 16:] = self.uniform(16, dtype)
            _box_muller_16(data, n - 16, dtype, mean, std)
        return data


def _box_muller_16(data, start, dtype, mean, std) -> None:
    """Turn ``data[start:start + 16]`` (uniforms) into normals, pairing j with j + 8."""
    if dtype == np.float64:
        for j in range(start, start + 8):
            u1, u2 = 1.0 - float(data[j]), float(data[j + 8])
            radius = math.sqrt(-2.0 * math.log(u1))
            theta = _TWO_PI * u2
            data[j] = radius * math.cos(theta) * std + mean
            data[j + 8] = radius * math.sin(theta) * std + mean
        return
    f = np.float32
    u1 = f(1) - data[start:start + 8]
    u2 = data[start + 8:start + 16]
    radius = np.sqrt(f(-2) * np.log(u1))
    theta = f(_TWO_PI) * u2
    low = radius * np.cos(theta)
    high = radius * np.sin(theta)
    data[start:start + 8] = low * f(std) + f(mean) if (std, mean) != (1.0, 0.0) else low
    data[start + 8:start + 16] = high * f(std) + f(mean) if (std, mean) != (1.0, 0.0) else high
