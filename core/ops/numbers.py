"""Python numbers crossing into tensors, with PyTorch's range checks and errors.

numpy and PyTorch disagree at the edges: numpy raises ``OverflowError: Python int
too large to convert to C long`` for ``np.array([10**30])`` and refuses ``-1`` as a
uint8, where PyTorch has its own rules, each with its own message:

- a Python int given where PyTorch takes a *number* (``x + 10**30``, ``fill_``,
  ``clamp``) becomes a c10::Scalar: an int64, else (0 ≤ n < 2⁶⁴) a uint64, else
  ``OverflowError: int too big to convert``;
- an int where PyTorch takes an *int* (a dim, an index, an int64 element of
  ``torch.tensor``) must fit int64: ``ValueError: Overflow when unpacking long long``;
- a number written into a tensor of a given dtype (``torch.tensor(300,
  dtype=torch.uint8)``, ``torch.full``, ``fill_``, ``masked_fill``, ``x[0] = v``)
  must fit that dtype (c10's ``checked_convert``: a negative int wraps into an
  unsigned type while its magnitude fits, a float must be finite and in range),
  else ``RuntimeError: value cannot be converted to type int32 without overflow``;
- a Python int that reaches a binary op with an integer tensor wraps to the
  result dtype, as the C++ cast does (``uint8 + 300`` is ``uint8 + 44``).

>>> scalar(2 ** 63) == 2 ** 63
True
>>> wrap(300, np.dtype(np.uint8))
44
"""
from __future__ import annotations

import numpy as np

INT64_MIN, INT64_MAX, UINT64_END = -2 ** 63, 2 ** 63 - 1, 2 ** 64

# the names PyTorch's messages give a dtype: c10's C++ type names (fill_, full, masked_fill, setitem)
# and torch.tensor's own
CPP_NAMES = {"float16": "c10::Half", "float32": "float", "float64": "double", "int8": "int8_t", "uint8": "uint8_t",
             "int16": "int16_t", "int32": "int", "int64": "int64_t", "bool": "bool",
             "complex64": "c10::complex<float>", "complex128": "c10::complex<double>"}


def scalar(x):
    """``x`` as PyTorch takes a number (a c10::Scalar): a Python int must fit int64 or uint64."""
    if type(x) is int and not INT64_MIN <= x <= INT64_MAX:
        if x < 0:
            raise OverflowError("can't convert negative int to unsigned")
        if x >= UINT64_END:
            raise OverflowError("int too big to convert")
    return x


def unpack_long(x):
    """``x`` as PyTorch takes an int (THPUtils_unpackLong)."""
    if isinstance(x, int) and not INT64_MIN <= x <= INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    return x


def wrap(x: int, dtype: np.dtype) -> int:
    """A Python int cast to an integer dtype as C++ casts it: modulo 2^bits."""
    bits = 8 * dtype.itemsize
    x %= 2 ** bits
    if dtype.kind == "i" and x >= 2 ** (bits - 1):
        x -= 2 ** bits
    return x


def overflows(x, dtype: np.dtype) -> bool:
    """c10's ``overflows<To>(x)``: whether the Python number ``x`` does not fit ``dtype``."""
    if dtype.kind == "b":
        return False
    if dtype.kind == "c":   # each part must fit the parts' float type
        part = np.finfo(dtype).dtype
        return any(overflows(v, part) for v in ((x.real, x.imag) if isinstance(x, complex) else (x,)))
    if dtype.kind == "f":
        if isinstance(x, float) and not np.isfinite(x):
            return False
        return abs(float(x)) > float(np.finfo(dtype).max)
    info = np.iinfo(dtype)
    if isinstance(x, (float, np.floating)):
        return bool(np.isnan(x)) or x < info.min or x > info.max
    if dtype.kind == "u" and x < 0:
        return -x > info.max      # a negative int wraps into an unsigned type while its magnitude fits
    return x < info.min or x > info.max


def checked(x, dtype: np.dtype, name: str):
    """``x`` written into a tensor of ``dtype`` (c10's ``checked_convert``); ``name`` is the
    dtype as the message names it."""
    if overflows(x, dtype):
        raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    return x


def fill_value(x, dtype: np.dtype, half_exempt: bool = False):
    """A number filling a tensor (full, fill_, masked_fill, ``x[i] = v``): a Number first
    (:func:`scalar`), then :func:`checked` against ``dtype`` by its C++ name.  ``half_exempt``:
    full and fill_ of one element take PyTorch's scalar path, where a float16 overflows to inf
    silently (two or more elements are checked)."""
    scalar(x)
    if isinstance(x, bool) or not isinstance(x, (int, float, np.integer, np.floating)):
        return x
    if half_exempt and dtype == np.float16:
        return x
    return checked(x, dtype, CPP_NAMES[dtype.name])


def element(x, dtype: np.dtype):
    """One element of ``torch.tensor(data, dtype=...)``, as PyTorch stores it: an int64 must fit
    (else ValueError), a float dtype takes float(x) (Python's OverflowError past 1.8e308), a
    narrower integer dtype is checked (RuntimeError naming it 'int32'), bool takes any number."""
    if dtype.kind == "b" or isinstance(x, bool):
        return x
    if dtype.kind in "fc":
        return float(x) if isinstance(x, int) else x
    if isinstance(x, int):
        unpack_long(x)
    return checked(x, dtype, dtype.name)
