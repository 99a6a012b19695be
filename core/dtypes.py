"""Torch dtypes over numpy dtypes, and PyTorch's type-promotion rules.

PyTorch promotes in three tiers: tensors with dimensions, zero-dim tensors,
then Python scalars.  A lower tier only changes the result when its
*category* (bool < integer < floating) is higher than what the tiers above
produced; within a category the dimensioned operands win.

>>> result_type(float32, float64, zero_dim=(False, True)).name
'float32'
>>> result_type(int64, 2.5).name
'float32'
"""
from __future__ import annotations

import numpy as np


class dtype:
    """A torch dtype: ``torch.float32`` and friends.

    Besides its name and numpy dtype it carries the names PyTorch's messages
    call it by, so that an error text is built from the dtype, not from a table
    kept beside each message:

    - ``scalar_name``: c10's ScalarType name, ``"Float"`` (``expected scalar type Float but found Double``);
    - ``legacy_name``: the legacy tensor type, ``"torch.FloatTensor"`` (the in-place version error);
    - ``cpp_name``: the C++ element type, ``"float"``, ``"long int"``
      (``expected m1 and m2 to have the same dtype, but got: float != double``).

    >>> int64.scalar_name, int64.legacy_name, int64.cpp_name
    ('Long', 'torch.LongTensor', 'long int')
    """

    __slots__ = ("name", "np", "is_floating_point", "is_complex", "is_signed", "itemsize", "category",
                 "scalar_name", "legacy_name", "cpp_name")

    def __init__(self, name, np_dtype, category, scalar_name, cpp_name):
        self.name = name
        self.np = np.dtype(np_dtype)
        self.category = category  # 0 bool, 1 integer, 2 floating
        self.is_floating_point = category == 2
        self.is_complex = False
        self.is_signed = name not in ("bool", "uint8")
        self.itemsize = self.np.itemsize
        self.scalar_name = scalar_name
        self.legacy_name = f"torch.{scalar_name}Tensor"
        self.cpp_name = cpp_name

    def __repr__(self):
        return "torch." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return (from_name, (self.name,))


# the C++ names are what PyTorch 2.13 prints on Linux (its TypeMeta names, from the compiler)
float16 = dtype("float16", np.float16, 2, "Half", "c10::Half")
float32 = dtype("float32", np.float32, 2, "Float", "float")
float64 = dtype("float64", np.float64, 2, "Double", "double")
int8 = dtype("int8", np.int8, 1, "Char", "signed char")
uint8 = dtype("uint8", np.uint8, 1, "Byte", "unsigned char")
int16 = dtype("int16", np.int16, 1, "Short", "short int")
int32 = dtype("int32", np.int32, 1, "Int", "int")
int64 = dtype("int64", np.int64, 1, "Long", "long int")
bool_ = dtype("bool", np.bool_, 0, "Bool", "bool")

ALL = (float16, float32, float64, int8, uint8, int16, int32, int64, bool_)
_BY_NP = {d.np: d for d in ALL}
_BY_NAME = {d.name: d for d in ALL}
# torch's aliases
ALIASES = {"float": float32, "double": float64, "half": float16, "long": int64, "int": int32,
           "short": int16, "bool": bool_}

# The default floating dtype (torch.set_default_dtype changes it).
_default = [float32]


def get_default_dtype() -> dtype:
    return _default[0]


def set_default_dtype(d: dtype) -> None:
    if not isinstance(d, dtype) or not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default[0] = d


def from_numpy(np_dtype) -> dtype:
    """The torch dtype of a numpy dtype (float32 -> torch.float32)."""
    try:
        return _BY_NP[np_dtype]
    except KeyError:
        d = np.dtype(np_dtype)
        if d in _BY_NP:
            return _BY_NP[d]
        raise TypeError(f"can't convert np.ndarray of type {d}. The only supported types are: "
                        "float64, float32, float16, complex64, complex128, int64, int32, int16, "
                        "int8, uint8, and bool.") from None


def from_name(name: str) -> dtype:
    return _BY_NAME[name]


def scalar_category(x) -> int:
    if isinstance(x, bool):
        return 0
    if isinstance(x, int):
        return 1
    return 2


def _promote_same_tier(dts):
    """Promote dtypes of one tier: highest category wins, then numpy's promotion."""
    best = None
    for d in dts:
        if best is None or d.category > best.category:
            best = d
        elif d.category == best.category and d is not best:
            best = _BY_NP[np.promote_types(best.np, d.np)]
    return best


def _default_for(category):
    return get_default_dtype() if category == 2 else (int64 if category == 1 else bool_)


_CACHE: dict = {}


def promote(dims, zeros, scalars) -> dtype:
    """PyTorch's result type from three tiers: dtypes of dimensioned tensors,
    dtypes of zero-dim tensors, and categories of Python scalars."""
    key = (tuple(dims), tuple(zeros), tuple(scalars), _default[0])
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    res = _promote_same_tier(dims) if dims else None
    if zeros:
        z = _promote_same_tier(zeros)
        if res is None or z.category > res.category:
            res = z
    if scalars:
        c = max(scalars)
        if res is None or c > res.category:
            res = _default_for(c)
    _CACHE[key] = res
    return res


def result_type(*operands, zero_dim=None) -> dtype:
    """Result dtype of operands (dtypes or Python scalars); ``zero_dim`` marks
    which dtype operands are 0-dim tensors."""
    dims, zeros, scalars = [], [], []
    k = 0
    for op in operands:
        if isinstance(op, dtype):
            is_zero = zero_dim[k] if zero_dim else False
            (zeros if is_zero else dims).append(op)
            k += 1
        else:
            scalars.append(scalar_category(op))
    return promote(dims, zeros, scalars)
