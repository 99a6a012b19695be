"""Short text for the numbers core hands over (pure Python: no Qt, no numpy).

Values arrive as JSON: a number, a nested list of numbers, ``None``, or the
strings ``"nan"``, ``"inf"``, ``"-inf"`` that core writes for non-finite numbers.

>>> format_value([[2.0, 0.0]])
'[[2, 0]]'
>>> format_value(0.333333333)
'0.3333'
>>> format_value([1.0, 2.5, 3.0, 4.0, 5.0], max_chars=12)
'[1, 2.5, 3,…'
>>> format_value([[4.5, 4.5], [4.5, 4.5]], max_chars=22)
'[[4.5, 4.5], [4.5,…'
>>> format_shape([1, 2]), format_shape([])
('1×2', '')
>>> format_lines([[2.25, 2.25], [2.25, 2.25]])
['[[2.25, 2.25],', ' [2.25, 2.25]]']
>>> format_value({"shape": [1000, 1000], "numel": 1000000, "first": [0.5, 1.0]})
'⟨1000×1000⟩ [0.5, 1, …]'

A value core left out (a large array) arrives as its summary, a dict with ``shape``, ``numel``,
``first`` and ``min``, ``max``, ``mean``: it reads as its shape and first values here
(:mod:`desktop.graph.summary` says it in words).
"""

from __future__ import annotations

ELLIPSIS = "…"


def format_number(x, digits: int = 4) -> str:
    """One number to ``digits`` significant digits, without a trailing ``.0``."""
    if isinstance(x, str):          # "nan", "inf", "-inf" as core writes them
        return x
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int):
        return str(x)
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    text = f"{x:.{digits}g}"
    if text == "-0":                 # a signed zero reads as noise in a teaching view
        text = "0"
    return text


def format_value(v, max_chars: int | None = 40, digits: int = 4) -> str:
    """A value (number or nested list) compactly, cut to ``max_chars`` with an ellipsis.

    ``None`` reads ``"None"``, as PyTorch prints a missing ``.grad``.
    """
    if is_summary(v):
        text = "⟨{}⟩ {}".format(format_shape(v.get("shape")) or "·",
                                _format(list(v.get("first") or []), digits)[:-1] + ", " + ELLIPSIS + "]")
    else:
        text = "None" if v is None else _format(v, digits)
    if max_chars is not None and len(text) > max_chars:
        text = _cut(text, max_chars)
    return text


def is_summary(v) -> bool:
    """``v`` is the summary core writes for an array it left out (``KEY_summary``)."""
    return isinstance(v, dict) and "numel" in v and "shape" in v


def _cut(text: str, max_chars: int) -> str:
    """``text`` cut to ``max_chars`` with an ellipsis, after a whole number where it can
    (``[1.5, 2.…`` would read as a different number)."""
    head = text[:max(1, max_chars - 1)]
    for boundary in (head.rfind(","), head.rfind("[")):   # the element before either is whole
        if boundary >= max_chars // 2:
            head = head[:boundary + 1]
            break
    return head.rstrip(" ") + ELLIPSIS


def _format(v, digits: int) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_format(item, digits) for item in v) + "]"
    return format_number(v, digits)


def format_shape(shape) -> str:
    """``[1, 2]`` as ``1×2``; a scalar (``[]``) or an unknown shape as ``""``."""
    if not shape:
        return ""
    return "×".join(str(n) for n in shape)


def format_lines(v, max_rows: int = 8, max_chars: int | None = 72, digits: int = 4) -> list[str]:
    """A value as lines, one per row of its first axis when it has two or more axes
    (as PyTorch prints a matrix); at most ``max_rows`` lines, each cut to ``max_chars``."""
    if not (isinstance(v, (list, tuple)) and v and all(isinstance(row, (list, tuple)) for row in v)):
        return [format_value(v, max_chars, digits)]
    rows = [_format(row, digits) for row in v]
    lines = [("[" if i == 0 else " ") + row + ("]" if i == len(rows) - 1 else ",")
             for i, row in enumerate(rows)]
    if len(lines) > max_rows:
        lines = lines[:max_rows - 1] + [" " + ELLIPSIS + "]"]
    if max_chars is not None:
        lines = [line if len(line) <= max_chars else _cut(line, max_chars) for line in lines]
    return lines
