"""Numbers as symengine constants: what a tensor without symbols is in a symbolic evaluation."""
from __future__ import annotations

import math

import numpy as np
import symengine as se


def _number(v):
    if isinstance(v, (bool, np.bool_)):
        return se.Integer(int(v))
    if isinstance(v, (int, np.integer)):
        return se.Integer(int(v))
    f = float(v)
    if math.isnan(f):
        return se.nan
    if math.isinf(f):
        return se.oo if f > 0 else -se.oo
    if f.is_integer() and abs(f) < 2 ** 53:
        return se.Integer(int(f))
    return se.RealDouble(f)


_numbers = np.frompyfunc(_number, 1, 1)


def const(arr) -> np.ndarray:
    """An object array of symengine numbers for a numeric array."""
    r = _numbers(np.asarray(arr))
    return r if isinstance(r, np.ndarray) else np.array(r, dtype=object)
