"""Numbers and arrays of the analysis JSON, written for people (plain text and LaTeX).

The analysis holds float32 results widened to float64 (``0.1`` arrives as
``0.10000000149011612``) and writes NaN and the infinities as the strings
``"nan"``, ``"inf"``, ``"-inf"`` (core.report_json).  Here a value is shown
with the fewest digits that give back the same float32 (``0.1``, ``12``,
``1.5e-8``), or, for float64 witnesses such as central differences, with a
fixed number of significant digits.

>>> format_number(0.10000000149011612), format_number(12.0), format_number("-inf")
('0.1', '12', '-inf')
>>> latex_number(1.5e-8), latex_number("nan")
('1.5 \\\\times 10^{-8}', '\\\\mathrm{NaN}')
>>> format_number(11.999999999900979, digits=10)
'12'
"""
from __future__ import annotations

import math

import numpy as np

NON_FINITE = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}
FLOAT32_MAX = float(np.finfo(np.float32).max)

# Positional notation for exponents in this range, scientific outside it.
SMALLEST_POSITIONAL_EXPONENT, LARGEST_POSITIONAL_EXPONENT = -4, 7


def to_float(v) -> float:
    """One JSON value of the analysis as a float ("nan"/"inf"/"-inf" included)."""
    if isinstance(v, str):
        if v in NON_FINITE:
            return NON_FINITE[v]
        raise ValueError(f"not a number: {v!r}")
    if v is None:
        return math.nan
    return float(v)


def to_array(nested) -> np.ndarray:
    """A nested list of the analysis JSON as a float64 array."""
    def convert(v):
        return [convert(item) for item in v] if isinstance(v, list) else to_float(v)
    return np.array(convert(nested), dtype=np.float64)


def _parts(x: float, digits: int | None) -> tuple[str, int | None]:
    """(digits text, None) for positional notation or (mantissa, exponent) for scientific."""
    if digits is None and abs(x) <= FLOAT32_MAX:
        f32 = np.float32(x)
        mantissa, exponent = np.format_float_scientific(f32, unique=True, trim="-", exp_digits=1).split("e")
        exponent = int(exponent)
        if SMALLEST_POSITIONAL_EXPONENT <= exponent <= LARGEST_POSITIONAL_EXPONENT or x == 0:
            return np.format_float_positional(f32, unique=True, trim="-"), None
        return mantissa, exponent
    digits = digits or 9  # past float32's range: as many digits as float32 could have had
    mantissa, exponent = np.format_float_scientific(x, precision=digits - 1, unique=False, trim="-",
                                                    exp_digits=1).split("e")
    exponent = int(exponent)
    if SMALLEST_POSITIONAL_EXPONENT <= exponent <= LARGEST_POSITIONAL_EXPONENT or x == 0:
        return _trim(np.format_float_positional(x, precision=digits, unique=False, fractional=False, trim="-")), None
    return _trim(mantissa), exponent


def _trim(text: str) -> str:
    """``"1.500"`` -> ``"1.5"``, ``"1."`` -> ``"1"`` (numpy keeps the point with a fixed precision)."""
    return text.rstrip("0").rstrip(".") if "." in text else text


def format_number(v, digits: int | None = None) -> str:
    """Plain text: ``12``, ``0.1``, ``-3.5e-8``, ``nan``, ``inf``, ``-inf``.

    ``digits=None`` gives the shortest text of the float32 value; a number gives
    that many significant digits of the float64 value.
    """
    x = to_float(v)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    text, exponent = _parts(x, digits)
    return text if exponent is None else f"{text}e{exponent}"


def latex_number(v, digits: int | None = None) -> str:
    """LaTeX (math mode): ``12``, ``-3.5 \\times 10^{-8}``, ``\\mathrm{NaN}``, ``\\infty``."""
    x = to_float(v)
    if math.isnan(x):
        return r"\mathrm{NaN}"
    if math.isinf(x):
        return r"\infty" if x > 0 else r"-\infty"
    text, exponent = _parts(x, digits)
    if exponent is None:
        return text
    if text in ("1", "-1"):
        return f"{text[:-1]}10^{{{exponent}}}"
    return rf"{text} \times 10^{{{exponent}}}"


def as_rows(arr: np.ndarray) -> np.ndarray:
    """A value as a 2-d table: a scalar is 1×1, a vector one row, more dims rows of the last axis."""
    if arr.ndim == 0:
        return arr.reshape(1, 1)
    if arr.ndim == 1:
        return arr.reshape(1, -1)
    return arr.reshape(-1, arr.shape[-1])


def jacobian_rows(nested, output_shape) -> np.ndarray:
    """J (shape out.shape + leaf.shape) as the matrix d vec(out) / d vec(leaf)."""
    arr = to_array(nested)
    rows = int(np.prod(output_shape)) if output_shape else 1
    if arr.size == 0:
        return arr.reshape(rows, 0)
    return arr.reshape(rows, -1)


def elide(n: int, limit: int) -> list[int | None]:
    """Indices to show of ``n`` when at most ``limit`` fit: the first ones, None (an
    ellipsis), then the last one.

    >>> elide(3, 5), elide(8, 4)
    ([0, 1, 2], [0, 1, 2, None, 7])
    """
    if n <= limit:
        return list(range(n))
    return list(range(max(1, limit - 1))) + [None, n - 1]


def format_nested(nested, limit: int = 24, digits: int | None = None) -> str:
    """A nested list as short text: ``[[14, 98]]``; past ``limit`` values, the first few,
    an ellipsis and the count."""
    arr = to_array(nested)
    if arr.ndim == 0:
        return format_number(float(arr), digits)
    if arr.size > limit:
        shown = ", ".join(format_number(v, digits) for v in arr.reshape(-1)[:limit])
        dims = " × ".join(str(s) for s in arr.shape)
        return f"[{shown}, …] ({arr.size} values, shape {dims})"

    def text(a):
        if a.ndim == 1:
            return "[" + ", ".join(format_number(v, digits) for v in a) + "]"
        return "[" + ", ".join(text(sub) for sub in a) + "]"
    return text(arr)
