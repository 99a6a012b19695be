"""Nested lists as the analysis JSON carries them, made ready for tables.

Pure Python and no Qt: shapes, flattening, and number formatting for display.
Nothing here computes a derivative or a product; it only rearranges and prints
what ``core`` computed.

>>> nested_shape([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
[2, 3]
>>> as_rows([[[1, 2]], [[3, 4]]], rows=2)
[[1, 2], [3, 4]]
>>> format_number(0.19661193), format_number(12.0), format_number("-inf")
('0.196612', '12', '−∞')
>>> parse_number("−1.5"), parse_number("∞")
(-1.5, inf)
"""
from __future__ import annotations

import math
import re

MINUS = "\u2212"  # typographic minus: the table shows it, parse_number reads it back
_NON_FINITE_IN = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf,
                  "infinity": math.inf, "-infinity": -math.inf, "+inf": math.inf,
                  "∞": math.inf, "+∞": math.inf, "-∞": -math.inf}
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_LABEL = re.compile(r"^(?P<name>.+?)_(?:(?P<digits>\d+)|\{(?P<tuple>[\d,]+)\})$")


def to_float(x) -> float:
    """A JSON number or one of "nan", "inf", "-inf" as a float."""
    if isinstance(x, str):
        return _NON_FINITE_IN[x.strip().lower()]
    return float(x)


def nested_shape(x) -> list[int]:
    """The shape of a rectangular nested list (a bare number has shape [])."""
    shape = []
    while isinstance(x, (list, tuple)):
        shape.append(len(x))
        if not x:
            break
        x = x[0]
    return shape


def flatten(x) -> list:
    """Every number of a nested list, in row-major (C) order."""
    if not isinstance(x, (list, tuple)):
        return [x]
    out = []
    for item in x:
        out.extend(flatten(item))
    return out


def product(shape) -> int:
    n = 1
    for d in shape:
        n *= int(d)
    return n


def unflatten(flat: list, shape) -> object:
    """The inverse of :func:`flatten`: ``flat`` as a nested list of ``shape``."""
    shape = list(shape)
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return list(flat[:shape[0]])
    step = product(shape[1:])
    return [unflatten(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def as_rows(x, rows: int) -> list[list]:
    """The numbers of ``x`` in ``rows`` rows of equal length (row-major).

    A Jacobian of shape ``out.shape + leaf.shape`` with ``rows = out.numel()``
    becomes the matrix d vec(out) / d vec(leaf): one row per output element.
    """
    flat = flatten(x)
    rows = max(int(rows), 1)
    cols = len(flat) // rows if flat else 0
    return [flat[r * cols:(r + 1) * cols] for r in range(rows)]


def grid_shape(shape) -> tuple[int, int]:
    """How a tensor of ``shape`` is laid out as a 2-D grid for display:
    0-dim is 1×1, 1-dim one row, 2-dim as is, more dims as (leading..., last)."""
    shape = list(shape)
    if not shape:
        return 1, 1
    if len(shape) == 1:
        return 1, shape[0]
    return product(shape[:-1]), shape[-1]


def as_grid(x, shape=None) -> list[list]:
    """``x`` (shaped like ``shape``, default its own) as the rows of :func:`grid_shape`."""
    shape = nested_shape(x) if shape is None else shape
    rows, _ = grid_shape(shape)
    return as_rows(x, rows)


def shape_text(shape) -> str:
    """``[2, 4]`` with no-break spaces, so a wrapped line never splits a shape."""
    return "[" + ",\u00a0".join(str(int(d)) for d in shape) + "]"


def _number_or_text(x, inf: str, neg_inf: str):
    """(float, None) for a finite number; (None, text) for nan, ±inf or a non-number."""
    try:
        value = to_float(x)
    except (KeyError, TypeError, ValueError):
        return None, str(x)
    if math.isnan(value):
        return None, "nan"
    if math.isinf(value):
        return None, inf if value > 0 else neg_inf
    return value, None


def format_number(x, digits: int = 6) -> str:
    """Compact display: at most ``digits`` significant digits, no trailing zeros,
    integers without a point, the typographic minus, ∞ for infinity."""
    value, special = _number_or_text(x, "∞", MINUS + "∞")
    if special is not None:
        return special
    if value == 0:
        return "0"  # -0.0 too: the sign of zero is noise here
    text = f"{value:.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}e{int(exponent)}"
    return text.replace("-", MINUS)


def format_exact(x) -> str:
    """The full-precision text of a number (for tooltips and the clipboard)."""
    value, special = _number_or_text(x, "inf", "-inf")
    if special is not None:
        return special
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def parse_number(text: str) -> float:
    """A number as typed or displayed: accepts the typographic minus, ∞, nan,
    inf, a decimal comma when there is no point.  Raises ValueError otherwise."""
    cleaned = text.strip().replace(MINUS, "-").replace(" ", "").replace("\u00a0", "")
    if not cleaned:
        raise ValueError("empty")
    lowered = cleaned.lower()
    if lowered in _NON_FINITE_IN:
        return _NON_FINITE_IN[lowered]
    if "," in cleaned and "." not in cleaned and cleaned.count(",") == 1:
        cleaned = cleaned.replace(",", ".")
    return float(cleaned)  # raises ValueError for anything else


def subscript_label(label: str) -> str:
    """``x_11`` → ``x₁₁``, ``x_{1,2,3}`` → ``x₁,₂,₃``: element names as the
    symbolic J writes them.  Other text is returned unchanged."""
    m = _LABEL.match(label)
    if not m:
        return label
    index = m.group("digits") or m.group("tuple")
    return m.group("name") + index.translate(_SUBSCRIPT)


def grid_labels(labels: list[str] | None, shape) -> tuple[list[str], list[str]]:
    """Row and column headers for a tensor of ``shape`` laid out by :func:`grid_shape`.

    One row (0-dim, 1-dim, or shape [1, n]): the element names over the columns
    and no row header.  More rows: 1-based indices (the leading ones joined by
    commas), as in ``x_12``.
    """
    shape = list(shape)
    rows, cols = grid_shape(shape)
    if rows == 1:
        names = labels if labels and len(labels) == cols else [str(j + 1) for j in range(cols)]
        return [""], list(names)
    lead = shape[:-1]
    row_names = [",".join(str(i + 1) for i in _index_of(r, lead)) for r in range(rows)]
    return row_names, [str(j + 1) for j in range(cols)]


def _index_of(flat_index: int, shape) -> list[int]:
    index = []
    for d in reversed(shape):
        index.append(flat_index % d)
        flat_index //= d
    return index[::-1]


def marked_cells(record, shape) -> set[tuple[int, int]]:
    """The (row, column) cells of the :func:`grid_shape` layout of a tensor of ``shape`` whose
    entries core found to disagree: ``record`` is one leaf's :class:`desktop.view_model.Mismatch`
    (its ``mask``, nested bools, or past its bound None and ``first``, the first flat indices;
    see ``core.analysis.verdict.mismatch_json``), or None.  The verdict's own rule decided each
    entry; nothing is compared here.

    >>> from desktop.view_model import Mismatch
    >>> sorted(marked_cells(Mismatch(2, [[False, True], [True, False]]), [2, 2]))
    [(0, 1), (1, 0)]
    >>> sorted(marked_cells(Mismatch(9, None, (0, 5)), [3]))
    [(0, 0)]
    """
    if record is None:
        return set()
    _, cols = grid_shape(shape)
    n = product(shape)
    if record.mask is not None:
        flat = [i for i, marked in enumerate(flatten(record.mask)) if marked]
    else:
        flat = [int(i) for i in record.first]
    return {divmod(i, cols) for i in flat if 0 <= i < n}
