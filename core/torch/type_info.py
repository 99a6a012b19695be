"""``torch.finfo`` and ``torch.iinfo``: the limits of a floating and an integer dtype, as PyTorch gives them
(Python floats and ints; the repr with six significant digits).

>>> from core import dtypes
>>> finfo(dtypes.float32).eps
1.1920928955078125e-07
>>> iinfo(dtypes.uint8)
iinfo(min=0, max=255, dtype=uint8)
"""
from __future__ import annotations

import numpy as np

from core import dtypes

__all__ = ["finfo", "iinfo"]


class finfo:
    """The machine limits of a floating dtype (a complex one's parts'); the default dtype's without one."""

    _bpl_public = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, type=None):
        d = dtypes.get_default_dtype() if type is None else type
        if not isinstance(d, dtypes.dtype) or d.category < 2:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                            "'torch.finfo'")
        info = np.finfo(dtypes.real_of(d).np)
        self.bits, self.dtype = int(info.bits), dtypes.real_of(d).name
        self.eps, self.max, self.min = float(info.eps), float(info.max), float(info.min)
        self.tiny = self.smallest_normal = float(info.smallest_normal)
        self.resolution = float(10.0 ** -int(info.precision))

    def __eq__(self, other):
        return isinstance(other, finfo) and other.dtype == self.dtype

    def __hash__(self):
        return hash(("finfo", self.dtype))

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    """The limits of an integer dtype."""

    _bpl_public = ("bits", "max", "min", "dtype")

    def __init__(self, type):
        if not isinstance(type, dtypes.dtype) or type.category != 1:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        info = np.iinfo(type.np)
        self.bits, self.max, self.min, self.dtype = int(info.bits), int(info.max), int(info.min), type.name

    def __eq__(self, other):
        return isinstance(other, iinfo) and other.dtype == self.dtype

    def __hash__(self):
        return hash(("iinfo", self.dtype))

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"
