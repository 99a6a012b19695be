"""The tensor arithmetic of PyTorch's optimizers, rounded as its CPU kernels round it.

PyTorch 2.13's optimizers on CPU tensors run their single-tensor (for-loop) form,
a few in-place ops per parameter.  Each op's CPU kernel, measured against torch
2.13 element by element (tests/core/test_optim.py), computes in the tensor's
dtype (float32 here) with the Python number rounded to that dtype first, and:

* ``a.add_(b, alpha=s)``: ``fma(b, s, a)`` (one rounding);
* ``a.lerp_(b, w)``: ``fma(w, b - a, a)`` when ``|w| < 0.5``, else
  ``fma(-(b - a), 1 - w, b)``;
* ``a.addcmul_(b, c, value=s)``: ``fma(s * b, c, a)``;
* ``a.addcdiv_(b, c, value=s)``: ``a + (s * b) / c`` (no fused step);
* ``a.mul_(s)``, ``a / s``, ``a.add_(s)``, ``sqrt``: one rounding each.

These functions take and return numpy arrays; the optimizers write the results
into the tensors.
"""
from __future__ import annotations

import numpy as np

from core.torch.random import fma32, fma64


def _fma(a, b, c):
    wide = np.result_type(a, b, c) == np.float64
    return fma64(a, b, c) if wide else fma32(a, b, c)


def scalar(s, like):
    """A Python number as the kernel sees it: rounded to the tensor's dtype."""
    return like.dtype.type(s)


def add(a, b, alpha=1.0):
    if alpha == 1:
        return a + b
    return _fma(b, scalar(alpha, a), a)


def lerp(a, b, weight):
    w = scalar(weight, a)
    diff = b - a
    if abs(w) < 0.5:
        return _fma(w, diff, a)
    return _fma(-diff, w.dtype.type(1) - w, b)


def addcmul(a, b, c, value=1.0):
    return _fma(scalar(value, a) * b, c, a)


def addcdiv(a, b, c, value=1.0):
    return a + (scalar(value, a) * b) / c


def mul(a, s):
    return a * scalar(s, a)


def div(a, s):
    return a / scalar(s, a)


def add_scalar(a, s):
    return a + scalar(s, a)
