"""J (per leaf), vᵀJ and backward as LaTeX: snippets, and a standalone document.

Both read the ``analysis`` object of the headless JSON (DESIGN.md, "Headless
contract"; :meth:`core.analysis.analysis.Analysis.to_json`).  A snippet is
math-mode LaTeX (no ``$``) with amsmath's ``bmatrix``, e.g. for the
index-assignment tutorial::

    J_{x} = \\frac{\\partial\\,\\mathit{out}}{\\partial x} = \\begin{bmatrix}12 & 2 \\\\ 2 & 96\\end{bmatrix}

J is written as the matrix d vec(out) / d vec(leaf): one row per output
element, one column per leaf element (the app's ``out_11 …`` by ``x_11 …``).
Numbers are float32's shortest text (core.export.formatting); NaN and the
infinities are ``\\mathrm{NaN}``, ``\\pm\\infty``.  Names are the program's
identifiers; a name with non-ASCII letters needs XeLaTeX or LuaLaTeX.
"""
from __future__ import annotations

import numpy as np

from core.export.formatting import as_rows, elide, jacobian_rows, latex_number, to_array
from core.export.math_svg import matrix_entries

# Rows and columns of a matrix written out in full; bigger ones are elided with dots.
MAX_ROWS, MAX_COLUMNS = 40, 24

_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
                 "^": r"\^{}", "_": r"\_", "%": r"\%", "~": r"\~{}"}


def latex_text(text: str) -> str:
    """``text`` with LaTeX's special characters escaped (for text mode or ``\\text{}``).

    >>> latex_text("x_1 & 50%")
    'x\\\\_1 \\\\& 50\\\\%'
    """
    return "".join(_TEXT_ESCAPES.get(ch, ch) for ch in str(text))


def latex_name(name: str) -> str:
    """A program's name in math mode: ``x``, ``\\mathit{out}``, ``\\mathit{w\\_1}``, or
    ``\\text{…}`` for a description that is not an identifier."""
    name = str(name)
    if name.isidentifier():
        return name if len(name) == 1 else rf"\mathit{{{latex_text(name)}}}"
    return rf"\text{{{latex_text(name)}}}"


def bmatrix(value, max_rows: int = MAX_ROWS, max_columns: int = MAX_COLUMNS, digits: int | None = None) -> str:
    """An array or nested list as ``\\begin{bmatrix}…\\end{bmatrix}`` (a vector is one row,
    more than two dimensions are rows of the last axis); a 0-d value is the bare number."""
    arr = value if isinstance(value, np.ndarray) else to_array(value)
    if arr.ndim == 0:
        return latex_number(float(arr), digits)
    rows = as_rows(arr)
    if rows.size == 0:
        return r"\begin{bmatrix}\,\end{bmatrix}"
    row_index, col_index = elide(rows.shape[0], max_rows), elide(rows.shape[1], max_columns)
    lines = []
    for r in row_index:
        if r is None:
            lines.append(" & ".join(r"\ddots" if c is None else r"\vdots" for c in col_index))
        else:
            lines.append(" & ".join(r"\cdots" if c is None else latex_number(float(rows[r, c]), digits)
                                    for c in col_index))
    return r"\begin{bmatrix}" + r" \\ ".join(lines) + r"\end{bmatrix}"


def _derivative(analysis: dict, leaf: str) -> str:
    return rf"\frac{{\partial\,{latex_name(analysis['output'])}}}{{\partial {latex_name(leaf)}}}"


def latex_snippets(analysis: dict) -> dict[str, str]:
    """Math-mode LaTeX for each quantity of the analysis, keyed by what it shows.

    Keys, in this order: ``"v"`` (when there is a v), then for each leaf ``x``:
    ``"jacobian:x"`` (J's numbers), ``"jacobian_symbolic:x"`` (sympy's LaTeX of J,
    as ``analysis["jacobian_latex"]`` gives it), ``"vjp:x"`` and ``"backward:x"``
    (when the analysis has them).
    """
    out: dict[str, str] = {}
    if analysis.get("grad_tensor") is not None:
        out["v"] = "v = " + bmatrix(analysis["grad_tensor"])
    for leaf in analysis["leaves"]:
        j = rf"J_{{{latex_name(leaf)}}}"
        if leaf in analysis.get("jacobian", {}):
            matrix = jacobian_rows(analysis["jacobian"][leaf], analysis["output_shape"])
            out[f"jacobian:{leaf}"] = f"{j} = {_derivative(analysis, leaf)} = {bmatrix(matrix)}"
        symbolic = (analysis.get("jacobian_latex") or {}).get(leaf)
        if symbolic:
            out[f"jacobian_symbolic:{leaf}"] = f"{j} = {symbolic}"
        if analysis.get("vjp") is not None and leaf in analysis["vjp"]:
            out[f"vjp:{leaf}"] = rf"v^{{\top}} {j} = {bmatrix(analysis['vjp'][leaf])}"
        if analysis.get("backward") is not None and leaf in analysis["backward"]:
            out[f"backward:{leaf}"] = (rf"\mathtt{{{latex_text(leaf)}.grad}} = "
                                       f"{bmatrix(analysis['backward'][leaf])}")
    return out


def _verdict_sentence(analysis: dict) -> str:
    what = r"$v^{\top}J$ and backward" if analysis.get("vjp") is not None \
        else "J and the engine's backward rows (one per one-hot $v$)"
    agree = "agree" if analysis.get("match") else r"\textbf{disagree}"
    return (f"{what} {agree}; the largest absolute difference is "
            f"${latex_number(analysis.get('max_abs_diff'), digits=6)}$.")


def _labels_sentence(analysis: dict, leaf: str) -> str:
    labels = analysis.get("labels") or {}
    rows, cols = labels.get("output"), labels.get(leaf)
    if not rows or not cols:
        return ""

    def some(names):
        return ", ".join(r"\ldots" if i is None else rf"\texttt{{{latex_text(names[i])}}}"
                         for i in elide(len(names), 8))
    return f"Rows {some(rows)}; columns {some(cols)}.\n"


def _display(tex: str) -> str:
    return "\\begin{center}\n\\fitwidth{" + tex + "}\n\\end{center}\n"


def latex_document(analysis: dict, title: str = "Backprop Lens") -> str:
    """A standalone LaTeX document (article, amsmath) with v, J (numbers and symbols),
    vᵀJ, backward and the verdict.  ``title`` is plain text (escaped here)."""
    snippets = latex_snippets(analysis)
    # amsmath allows 10 columns unless told more: the elided numbers have MAX_COLUMNS + 1
    symbolic = [matrix_entries(tex) for tex in (analysis.get("jacobian_latex") or {}).values()]
    widest = max([MAX_COLUMNS + 1] + [len(cells[0]) for cells in symbolic if cells])
    parts = [
        "% Made by Backprop Lens: J, v^T J and backward of one output.\n",
        "\\documentclass{article}\n",
        "\\usepackage[margin=2cm]{geometry}\n",
        "\\usepackage{amsmath,amssymb}\n",
        "\\usepackage{graphicx}\n",
        f"\\setcounter{{MaxMatrixCols}}{{{widest}}}\n",
        "% a formula wider than the text is scaled down to fit\n",
        "\\newcommand{\\fitwidth}[1]{\\resizebox{\\ifdim\\width>\\linewidth\\linewidth\\else\\width\\fi}{!}"
        "{$\\displaystyle #1$}}\n",
        "\\begin{document}\n",
        f"\\section*{{{latex_text(title)}}}\n",
    ]
    shape = ", ".join(str(s) for s in analysis["output_shape"])
    where = f", differentiated on line {analysis['line']}" if analysis.get("line") else ""
    parts.append(f"Output ${latex_name(analysis['output'])}$ (shape $[{shape}]$){latex_text(where)}; "
                 f"leaves {', '.join('$' + latex_name(leaf) + '$' for leaf in analysis['leaves']) or 'none'}.\n")
    if "v" in snippets:
        source = {"program": "The program's gradient argument.", "option": "Given on the command line.",
                  "implicit_ones": "Implicit: ones for a one-element output."}.get(analysis.get("grad_tensor_source"))
        parts.append("\n\\subsection*{The vector $v$}\n" + (latex_text(source) + "\n" if source else ""))
        parts.append(_display(snippets["v"]))
    for leaf in analysis["leaves"]:
        parts.append(f"\n\\subsection*{{Leaf ${latex_name(leaf)}$}}\n")
        parts.append(_labels_sentence(analysis, leaf))
        for key, intro in (("jacobian", "The Jacobian at the program's values:"),
                           ("jacobian_symbolic", "Symbolically:"),
                           ("vjp", r"$v^{\top}J$ from the symbolic Jacobian:"),
                           ("backward", "What backward put in \\texttt{.grad}:")):
            if f"{key}:{leaf}" in snippets:
                parts.append(f"\n{intro}\n" + _display(snippets[f"{key}:{leaf}"]))
    parts.append("\n\\subsection*{Verdict}\n" + _verdict_sentence(analysis) + "\n")
    for note in analysis.get("notes") or []:
        parts.append(f"\n\\noindent {latex_text(note)}\n")
    parts.append("\n\\end{document}\n")
    return "".join(parts)


def latex_unavailable_document(reason: str, title: str = "Backprop Lens") -> str:
    """The document when there is no analysis (the program was rejected, nothing is
    differentiated...): it says why."""
    return ("% Made by Backprop Lens.\n\\documentclass{article}\n\\begin{document}\n"
            f"\\section*{{{latex_text(title)}}}\nNo analysis: {latex_text(reason)}\n\\end{{document}}\n")
