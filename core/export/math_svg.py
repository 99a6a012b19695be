"""LaTeX to SVG text with ziamath (pure Python, no Qt), for files made headlessly.

ziamath is slow on big expressions (a symbolic 3×3 Jacobian takes about a
second whole), so a sympy matrix ``\\left[\\begin{matrix} … \\end{matrix}\\right]``
can be split into its entries (:func:`matrix_entries`) and typeset one entry
at a time; :class:`RenderBudget` stops typesetting once a report has spent its
time, and the caller shows the LaTeX source instead.

``ziamath.config.svg2 = False``: SVG 1.1 with every glyph a plain ``<path>``
and no ids, so many formulas can sit in one HTML page without clashing.
"""
from __future__ import annotations

import re
import threading
import time

_LOCK = threading.Lock()  # ziamath keeps module-level state (its config, font caches)
_SVG_OPEN = re.compile(r"<svg\b[^>]*>")
_VIEWBOX = re.compile(r'viewBox="([-\d.e]+) ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)"')
_XMLNS = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"')
# sympy writes a matrix of up to 10 columns as matrix, a wider one as array{ccc...}
_SYMPY_MATRIX = re.compile(r"^\s*\\left\[\s*\\begin\{(?P<env>matrix|array)\}(?:\{[lcr|]*\})?(?P<body>.*)"
                           r"\\end\{(?P=env)\}\s*\\right\]\s*$", re.S)


class RenderBudget:
    """How long typesetting may still take, and how many pieces (None: no limit)."""

    def __init__(self, seconds: float | None = 20.0, pieces: int | None = None):
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.pieces = pieces

    def allows(self, pieces: int = 1) -> bool:
        if self.deadline is not None and time.monotonic() > self.deadline:
            return False
        return self.pieces is None or self.pieces >= pieces

    def spend(self, pieces: int = 1) -> None:
        if self.pieces is not None:
            self.pieces -= pieces


def render_svg(tex: str, size: float = 16.0, color: str = "#000000") -> str:
    """SVG 1.1 text of ``tex`` typeset by ziamath (raises what ziamath raises on bad LaTeX)."""
    with _LOCK:
        import ziamath  # about half a second to import: only when a formula is typeset
        ziamath.config.svg2 = False
        return ziamath.Latex(tex, size=size, color=color).svg()


def inline_svg(svg: str, label: str = "", css_class: str = "math") -> str:
    """ziamath's SVG made ready to sit in HTML text: no namespace declarations (HTML puts
    ``<svg>`` in the SVG namespace itself), its baseline on the text's baseline, and
    ``label`` (e.g. the LaTeX) as its accessible name."""
    match = _SVG_OPEN.search(svg)
    if match is None:
        raise ValueError("not SVG text")
    tag = _XMLNS.sub("", match.group(0))
    extra = f' class="{css_class}" role="img"'
    box = _VIEWBOX.search(tag)
    if box:  # ziamath puts the baseline at y = 0: the part below it is y + height
        depth = float(box.group(2)) + float(box.group(4))
        extra += f' style="vertical-align: {-depth:.2f}px"'
    if label:
        extra += f' aria-label="{_attr(label)}"'
    tag = tag[:-1].rstrip("/") + extra + (">" if not tag.endswith("/>") else "/>")
    return svg[:match.start()] + tag + svg[match.end():]


def _attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("\n", " "))


def matrix_entries(tex: str) -> list[list[str]] | None:
    """The entries of sympy's ``\\left[\\begin{matrix}a & b\\\\c & d\\end{matrix}\\right]`` (or
    ``\\begin{array}{cc}…``, sympy's form past 10 columns) as rows of LaTeX, or None when
    ``tex`` is something else (then typeset it whole).

    >>> matrix_entries(r"\\left[\\begin{matrix}x_{1} & \\frac{1}{2}\\\\2 & 0\\end{matrix}\\right]")
    [['x_{1}', '\\\\frac{1}{2}'], ['2', '0']]
    >>> matrix_entries(r"\\left[\\begin{array}{ccc}1 & 2 & 3\\end{array}\\right]")
    [['1', '2', '3']]
    >>> matrix_entries("x^{2}") is None
    True
    """
    found = _SYMPY_MATRIX.match(tex)
    if found is None:
        return None
    body = found.group("body")
    if "\\begin{" in body:  # a matrix inside an entry (or cases): splitting on & would break it
        return None
    rows: list[list[str]] = []
    row: list[str] = []
    start, depth, i = 0, 0, 0
    while i < len(body):
        if body.startswith("\\\\", i) and depth == 0:
            row.append(body[start:i].strip())
            rows.append(row)
            row, i = [], i + 2
            start = i
        elif body[i] == "\\":
            i += 2  # a command's backslash, or an escaped brace or ampersand
        else:
            if body[i] == "{":
                depth += 1
            elif body[i] == "}":
                depth -= 1
            elif body[i] == "&" and depth == 0:
                row.append(body[start:i].strip())
                start = i + 1
            i += 1
    row.append(body[start:].strip())
    rows.append(row)
    if depth != 0 or any(len(r) != len(rows[0]) for r in rows):
        return None
    return rows
