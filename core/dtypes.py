"""Torch dtypes over numpy dtypes, and PyTorch's type-promotion rules.

PyTorch promotes in three tiers: tensors with dimensions, zero-dim tensors,
then Python scalars.  A lower tier only changes the result when its
*category* (bool < integer < floating < complex) is higher than what the tiers above
produced (a complex lower tier over floating gives that float's complex dtype);
within a category the dimensioned operands win.

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
        self.category = category  # 0 bool, 1 integer, 2 floating, 3 complex
        self.is_floating_point = category == 2
        self.is_complex = category == 3
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
# complex numbers are values here: they are created, converted, printed and computed with, but the engine
# does not differentiate through them (PyTorch's Wirtinger calculus is not modelled: core.autograd.engine)
complex64 = dtype("complex64", np.complex64, 3, "ComplexFloat", "c10::complex<float>")
complex128 = dtype("complex128", np.complex128, 3, "ComplexDouble", "c10::complex<double>")

ALL = (float16, float32, float64, int8, uint8, int16, int32, int64, bool_, complex64, complex128)
_BY_NP = {d.np: d for d in ALL}
_BY_NAME = {d.name: d for d in ALL}
# torch's aliases
ALIASES = {"float": float32, "double": float64, "half": float16, "long": int64, "int": int32,
           "short": int16, "bool": bool_, "cfloat": complex64, "cdouble": complex128}
# the complex dtype whose parts are a floating dtype (torch's toComplexType); complex32 is not modelled
_COMPLEX_OF = {float32: complex64, float64: complex128}
_REAL_OF = {c: r for r, c in _COMPLEX_OF.items()}

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
    if isinstance(x, complex):
        return 3
    return 2


def complex_of(d: dtype) -> dtype:
    """The complex dtype whose real and imaginary parts are ``d`` (float32 -> complex64)."""
    try:
        return _COMPLEX_OF[d]
    except KeyError:
        raise TypeError(f"{d} has no complex counterpart here: torch.complex32 is not modelled") from None


def real_of(d: dtype) -> dtype:
    """The dtype of a complex dtype's parts (complex64 -> float32); ``d`` itself otherwise."""
    return _REAL_OF.get(d, d)


def default_complex_dtype() -> dtype:
    """torch's default complex dtype: complex128 when the default dtype is float64, else complex64."""
    return complex128 if _default[0] is float64 else complex64


def _promote_same_tier(dts):
    """Promote dtypes of one tier: highest category wins, then numpy's promotion; a complex dtype with a
    wider float takes the float's width (complex64 with float64 is complex128)."""
    best = None
    for d in dts:
        if best is not None and {d.category, best.category} == {2, 3}:
            best = complex_of(_BY_NP[np.promote_types(real_of(best).np, real_of(d).np)])
        elif best is None or d.category > best.category:
            best = d
        elif d.category == best.category and d is not best:
            best = _BY_NP[np.promote_types(best.np, d.np)]
    return best


def _default_for(category):
    if category == 3:
        return default_complex_dtype()
    return get_default_dtype() if category == 2 else (int64 if category == 1 else bool_)


def _combine(higher, lower):
    """A higher tier's dtype with a lower tier's (torch's combine_categories): the lower one counts only when
    its category is higher, and a complex lower tier over a floating higher one gives that float's complex."""
    if higher is None:
        return lower
    if lower is None or lower.category <= higher.category:
        return higher
    if lower.category == 3 and higher.category == 2:
        return complex_of(higher)
    return lower


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
        res = _combine(res, _promote_same_tier(zeros))
    if scalars:
        res = _combine(res, _default_for(max(scalars)))
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
