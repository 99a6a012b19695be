"""A self-contained HTML report of one run and its analysis: one file, no external resources.

:func:`html_report` reads the headless JSON object (DESIGN.md, "Headless
contract"; core.report_json.run_to_json plus the CLI's ``analysis_note``) and
the program's text, and writes: the program, what it printed and its error,
what is differentiated (output, v), J in numbers and typeset symbolically
(ziamath → inline SVG), vᵀJ beside backward, the verdict, the central
differences, the real-PyTorch witness when the analysis has one, the notes, the
graph (core.export.graph_svg) and the backward steps.  CSS is inline; every
picture is inline SVG; nothing refers to a file or an address.  Every piece of
text from the program or the analysis is HTML-escaped.

Typesetting with ziamath is slow for big symbolic matrices, so it is done entry
by entry with a time budget; what is not typeset is shown as LaTeX source.
"""
from __future__ import annotations

import re
from html import escape
from importlib.metadata import PackageNotFoundError, version

import numpy as np

from core.report_json import fold_owner
from core.export.formatting import as_rows, elide, format_nested, format_number, jacobian_rows, to_array
from core.export.graph_svg import graph_svg
from core.export.latex import latex_name
from core.export.math_svg import RenderBudget, inline_svg, matrix_entries, render_svg
from core.export.texts import texts

# Rows and columns of a numeric matrix shown in full; bigger ones are elided.
MAX_TABLE_ROWS, MAX_TABLE_COLUMNS = 60, 30
MAX_ELEMENT_ROWS = 200             # rows of the vᵀJ / backward table
MAX_SYMBOLIC_ENTRIES = 400         # a symbolic J with more entries, or more LaTeX,
MAX_SYMBOLIC_CHARS = 2000          # is shown as LaTeX source (ziamath takes about 1 s per 150 characters)
MAX_FORMULA_CHARS = 1000           # a longer formula (or entry) is shown as LaTeX source
# the steps table: runs of at least MIN_FOLDED_STEPS steps through one fold node of the graph show their first and
# last steps (core.analysis.folding); the table stops after MAX_STEP_ROWS rows, saying how many steps are left out
MIN_FOLDED_STEPS = 3
MAX_STEP_ROWS = 200
DIFFERENCE_DIGITS = 10             # float64 witnesses: significant digits shown
_PLAIN_TEXT = re.compile(r"^\s*\\text\{([^{}\\$^_&%#~]*)\}\s*$")

CSS = """
body{font-family:"DejaVu Sans","Noto Sans CJK SC","WenQuanYi Micro Hei",Helvetica,Arial,sans-serif;
 margin:0 auto;max-width:72rem;padding:1rem 2rem 3rem;color:#1a1a1a;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;border-bottom:1px solid #ccc;margin-top:2rem}
h3{font-size:1.05rem;margin-bottom:.4rem}
.file{color:#555;margin-top:0}
pre{background:#f6f6f6;border:1px solid #e2e2e2;padding:.6rem;overflow-x:auto;font-size:.9rem}
pre.source .line{display:block}pre.source .ln{color:#888;user-select:none;padding-right:1em}
pre.source .error-line{background:#fde2e2}
.verdict{padding:.6rem 1rem;border-radius:6px;font-weight:bold;margin:.6rem 0}
.good{background:#e3f4e4;color:#1b5e20;border:1px solid #9ccc9f}
.bad{background:#fde2e2;color:#b71c1c;border:1px solid #ef9a9a}
.neutral{background:#f1f1f1;color:#333;border:1px solid #ccc}
table{border-collapse:collapse;margin:.4rem 0 1rem}
th,td{border:1px solid #d0d0d0;padding:.2rem .5rem;vertical-align:top}
th{background:#f3f3f3;font-weight:normal;color:#333}
td.num{text-align:right;font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;white-space:nowrap}
table.steps td{font-size:.9rem}table.steps tr.folded td,table.steps tr.more td{color:#555;font-style:italic;text-align:center}table.steps ul{margin:0;padding-left:1rem}
.bmatrix{display:inline-block;position:relative;padding:2px 10px;border-left:1.5px solid #222;
 border-right:1.5px solid #222;vertical-align:middle}
.bmatrix::before,.bmatrix::after{content:"";position:absolute;top:0;bottom:0;width:6px;
 border-top:1.5px solid #222;border-bottom:1.5px solid #222}
.bmatrix::before{left:0}.bmatrix::after{right:0}
.bmatrix table{margin:0}.bmatrix td{border:none;text-align:center;padding:.25rem .6rem}
svg.graph{max-width:100%;height:auto}
.beside{display:flex;flex-wrap:wrap;gap:2rem}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:.2rem 1rem}dl.facts dt{color:#555}
dl.facts dd{margin:0}
code{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace}
footer{margin-top:3rem;color:#777;font-size:.85rem}
"""


class _Typesetter:
    """LaTeX → inline SVG within a time budget; the LaTeX source where it cannot."""

    def __init__(self, t: dict, enabled: bool, seconds: float | None):
        self.t = t
        self.enabled = enabled
        self.budget = RenderBudget(seconds)
        self.cache: dict[str, str | None] = {}

    def _svg(self, tex: str, size: float) -> str | None:
        key = f"{size}:{tex}"
        if key not in self.cache:
            if not self.enabled or not self.budget.allows() or len(tex) > MAX_FORMULA_CHARS:
                return None  # not cached: a later, smaller request may still fit
            try:
                self.cache[key] = inline_svg(render_svg(tex, size=size), label=tex)
            except Exception:  # noqa: BLE001 - any ziamath failure: the LaTeX source is shown instead
                self.cache[key] = None
        return self.cache[key]

    def formula(self, tex: str, size: float = 15.0) -> str:
        plain = _PLAIN_TEXT.match(tex)
        if plain:  # words only: HTML text is lighter than glyph outlines, and can be selected
            return f"<span>{escape(plain.group(1))}</span>"
        svg = self._svg(tex, size)
        return svg if svg is not None else f"<code>{escape(tex)}</code>"

    def matrix(self, tex: str, prefix: str = "") -> str:
        """``prefix`` then a sympy matrix typeset entry by entry in an HTML grid with
        brackets (anything else whole); the LaTeX source, saying why, where it cannot."""
        if not self.enabled:
            return f"<pre>{escape(tex)}</pre>"
        cells = matrix_entries(tex)
        if cells is None:
            too_big = len(tex) > MAX_FORMULA_CHARS
        else:
            too_big = (sum(len(row) for row in cells) > MAX_SYMBOLIC_ENTRIES or len(tex) > MAX_SYMBOLIC_CHARS
                       or any(len(entry) > MAX_FORMULA_CHARS for row in cells for entry in row))
        if too_big:
            return self._source(tex, self.t["too_big"])
        head = self._svg(prefix, 15.0) if prefix else ""
        body = self._svg(tex, 15.0) if cells is None else self._grid(cells)
        if head is not None and body is not None:
            return f"<div>{head} {body}</div>"
        return self._source(tex, self.t["typeset_failed"] if self.budget.allows() else self.t["out_of_time"])

    def _grid(self, cells: list[list[str]]) -> str | None:
        rows = []
        for row in cells:
            svgs = [self._svg(entry, 15.0) if entry else "" for entry in row]
            if any(svg is None for svg in svgs):
                return None
            rows.append("<tr>" + "".join(f"<td>{svg}</td>" for svg in svgs) + "</tr>")
        return f'<span class="bmatrix"><table>{"".join(rows)}</table></span>'

    def _source(self, tex: str, why: str) -> str:
        return f"<p>{escape(self.t['not_typeset'].format(why=why))}</p><pre>{escape(tex)}</pre>"


# --- small pieces ----------------------------------------------------------------------------
def _num_cells(values, digits=None) -> str:
    return "".join(f'<td class="num">{escape(format_number(v, digits))}</td>' for v in values)


def _matrix_table(rows: np.ndarray, row_labels=None, col_labels=None, digits=None) -> str:
    """A numeric matrix as a labelled table, elided past MAX_TABLE_ROWS × MAX_TABLE_COLUMNS."""
    if rows.ndim != 2 or rows.size == 0:
        return "<p>[ ]</p>"
    n_rows, n_cols = rows.shape
    row_index, col_index = elide(n_rows, MAX_TABLE_ROWS), elide(n_cols, MAX_TABLE_COLUMNS)

    def label(labels, i):
        return escape(str(labels[i])) if labels and i < len(labels) else str(i + 1)
    head = "<tr><th></th>" + "".join("<th>…</th>" if c is None else f"<th>{label(col_labels, c)}</th>"
                                     for c in col_index) + "</tr>"
    body = []
    for r in row_index:
        if r is None:
            body.append("<tr><th>⋮</th>" + "".join("<td>⋮</td>" for _ in col_index) + "</tr>")
            continue
        cells = "".join("<td>…</td>" if c is None else
                        f'<td class="num">{escape(format_number(rows[r, c], digits))}</td>' for c in col_index)
        body.append(f"<tr><th>{label(row_labels, r)}</th>{cells}</tr>")
    return f'<table class="matrix">{head}{"".join(body)}</table>'


def _section(key: str, title: str, body: str) -> str:
    return f'<section id="{key}"><h2>{escape(title)}</h2>\n{body}</section>\n'


def _facts(pairs) -> str:
    return '<dl class="facts">' + "".join(f"<dt>{escape(k)}</dt><dd>{v}</dd>" for k, v in pairs) + "</dl>"


def _verdict(analysis: dict, t: dict) -> tuple[str, str]:
    """(css class, sentence) of the analysis's verdict."""
    rows = analysis.get("vjp") is None
    word = (t["rows_agree"] if rows else t["agree"]) if analysis.get("match") else \
        (t["rows_disagree"] if rows else t["disagree"])
    sentence = f"{'✓' if analysis.get('match') else '✗'} {word} ({t['max_abs_diff']}: " \
               f"{format_number(analysis.get('max_abs_diff'), 6)})"
    return ("good" if analysis.get("match") else "bad"), sentence


# --- the sections ----------------------------------------------------------------------------
def _program(source: str, error: dict | None, t: dict) -> str:
    bad = {error.get("line"), error.get("inner_line")} - {None} if error else set()
    lines = source.splitlines() or [""]
    width = len(str(len(lines)))
    out = []
    for k, text in enumerate(lines, 1):
        cls = "line error-line" if k in bad else "line"
        out.append(f'<span class="{cls}"><span class="ln">{k:>{width}}</span>{escape(text)}</span>')
    return _section("program", t["program"], f'<pre class="source">{"".join(out)}</pre>')


def _console(report: dict, t: dict) -> str:
    stdout = report.get("stdout") or ""
    body = f"<pre>{escape(stdout)}</pre>" if stdout else f"<p>{escape(t['printed_nothing'])}</p>"
    if report.get("warnings"):
        body += f"<h3>{escape(t['warnings'])}</h3><pre>{escape(chr(10).join(report['warnings']))}</pre>"
    error = report.get("error")
    if error is None:
        body += f"<p>{escape(t['ran_to_end'])}</p>"
    else:
        body += f"<h3>{escape(t['error'])}</h3>"
        where = [t["at_line"].format(line=error["line"])] if error.get("line") else []
        if error.get("inner_line") and error.get("inner_line") != error.get("line"):
            where.append(t["inside_at_line"].format(line=error["inner_line"]))
        kind = t["error_kind"].get(error.get("kind"), "")
        body += (f'<div class="verdict bad">{escape(error.get("type", "Error"))}: {escape(error.get("message", ""))}'
                 f"</div><p>{escape('; '.join(where + ([kind] if kind else [])))}</p>")
    return _section("console", t["stdout"], body)


def _what(analysis: dict, t: dict) -> str:
    shape = "[" + ", ".join(str(s) for s in analysis["output_shape"]) + "]"
    output = f"<code>{escape(analysis['output'])}</code>, {escape(t['shape'])} {escape(shape)}"
    if analysis.get("line"):
        output += ", " + escape(t["differentiated_at"].format(line=analysis["line"]))
    if analysis.get("grad_tensor") is None:
        v = escape(t["no_v"])
    else:
        source = t["v_source"].get(analysis.get("grad_tensor_source"), "")
        v = f"<code>{escape(format_nested(analysis['grad_tensor']))}</code>" + (f" ({escape(source)})" if source else "")
    leaves = ", ".join(f"<code>{escape(leaf)}</code>" for leaf in analysis["leaves"]) or escape(t["none"])
    return _section("analysis", t["analysis"], _facts([(t["output"], output), (t["leaves"], leaves), (t["v"], v)]))


def _jacobian(analysis: dict, t: dict, typeset: _Typesetter) -> str:
    labels = analysis.get("labels") or {}
    body = []
    for leaf in analysis["leaves"]:
        body.append(f"<h3><code>{escape(leaf)}</code></h3>")
        if leaf in (analysis.get("jacobian") or {}):
            rows = jacobian_rows(analysis["jacobian"][leaf], analysis["output_shape"])
            body.append(f"<p>{escape(t['jacobian_of'].format(out=analysis['output'], leaf=leaf))}</p>")
            body.append(_matrix_table(rows, labels.get("output"), labels.get(leaf)))
        symbolic = (analysis.get("jacobian_latex") or {}).get(leaf)
        if symbolic:
            body.append(f"<p>{escape(t['jacobian_symbolic'])}</p>")
            body.append(typeset.matrix(symbolic, prefix=rf"J_{{{latex_name(leaf)}}} ="))
            body.append(f"<details><summary>{escape(t['latex_source'])}</summary><pre>{escape(symbolic)}</pre>"
                        "</details>")
    return _section("jacobian", t["jacobian"], "".join(body))


def _element_table(labels, columns: list[tuple[str, np.ndarray]], digits=None) -> str:
    n = max(col.size for _, col in columns)
    head = "<tr><th></th>" + "".join(f"<th>{escape(title)}</th>" for title, _ in columns) + "</tr>"
    body = []
    for i in elide(n, MAX_ELEMENT_ROWS):
        if i is None:
            body.append("<tr><th>⋮</th>" + "<td>⋮</td>" * len(columns) + "</tr>")
            continue
        name = escape(str(labels[i])) if labels and i < len(labels) else str(i + 1)
        body.append(f"<tr><th>{name}</th>" + _num_cells([col[i] if i < col.size else "nan" for _, col in columns],
                                                        digits) + "</tr>")
    return f'<table class="elements">{head}{"".join(body)}</table>'


def _abs_difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """|a - b| entry by entry, 0 where both are the same non-finite value."""
    same = (a == b) | (np.isnan(a) & np.isnan(b))
    with np.errstate(invalid="ignore"):
        return np.where(same, 0.0, np.abs(a - b))


def _vjp_backward(analysis: dict, t: dict) -> str:
    if analysis.get("vjp") is None or analysis.get("backward") is None:
        return _section("vjp-backward", t["vjp_backward"], f"<p>{escape(t['no_vjp'])}</p>")
    labels = analysis.get("labels") or {}
    body = []
    for leaf in analysis["leaves"]:
        if leaf not in analysis["vjp"] or leaf not in analysis["backward"]:
            continue
        vjp = to_array(analysis["vjp"][leaf]).reshape(-1)
        grad = to_array(analysis["backward"][leaf]).reshape(-1)
        diff = _abs_difference(vjp, grad) if vjp.shape == grad.shape else np.full(max(vjp.size, grad.size), np.nan)
        body.append(f"<h3><code>{escape(leaf)}</code></h3>")
        body.append(_element_table(labels.get(leaf), [(t["vjp"], vjp), (t["backward"].format(leaf=leaf), grad),
                                                      (t["abs_diff"], diff)]))
    return _section("vjp-backward", t["vjp_backward"], "".join(body))


def _verdict_section(analysis: dict, t: dict) -> str:
    cls, sentence = _verdict(analysis, t)
    body = f'<div class="verdict {cls}">{escape(sentence)}</div>'
    error = analysis.get("engine_error")
    if error:
        body += (f"<p>{escape(t['engine_error'])}: <code>{escape(str(error.get('type', '')))}: "
                 f"{escape(str(error.get('message', '')))}</code></p>")
    return _section("verdict", t["verdict"], body)


def _differences(analysis: dict, t: dict) -> str:
    diffs = analysis.get("differences")
    if not diffs:
        return _section("differences", t["differences"], f"<p>{escape(t['no_differences'])}</p>")
    ok = diffs.get("match")
    body = [f'<div class="verdict {"good" if ok else "bad"}">'
            f'{escape(t["differences_match"] if ok else t["differences_mismatch"])} ({escape(t["max_abs_diff"])}: '
            f'{escape(format_number(diffs.get("max_abs_diff"), 6))})</div>']
    labels = analysis.get("labels") or {}
    for leaf, nested in (diffs.get("jacobian") or {}).items():
        body.append(f"<h3><code>{escape(leaf)}</code></h3>")
        body.append(_matrix_table(jacobian_rows(nested, analysis["output_shape"]), labels.get("output"),
                                  labels.get(leaf), digits=DIFFERENCE_DIGITS))
    return _section("differences", t["differences"], "".join(body))


def _pytorch(analysis: dict, t: dict) -> str:
    witness = analysis.get("pytorch")
    script = analysis.get("pytorch_script")
    script_html = (f"<details><summary>{escape(t['pytorch_script'])}</summary><pre>{escape(script)}</pre>"
                   "</details>") if script else ""
    if not witness:
        return _section("pytorch", t["pytorch"], f"<p>{escape(t['pytorch_absent'])}</p>" + script_html)
    body = [f"<p>{escape(t['pytorch_version'].format(version=witness.get('version') or '?'))}</p>"]
    error = witness.get("error")
    if error:
        body.append(f'<div class="verdict neutral">{escape(t["pytorch_raised"])}: '
                    f'{escape(str(error.get("type", "")))}: {escape(str(error.get("message", "")))}</div>')
    if witness.get("match") is not None and witness.get("max_abs_diff") is not None:
        ok = bool(witness.get("match"))
        body.append(f'<div class="verdict {"good" if ok else "bad"}">'
                    f'{escape(t["pytorch_match"] if ok else t["pytorch_mismatch"])} ({escape(t["max_abs_diff"])}: '
                    f'{escape(format_number(witness.get("max_abs_diff"), 6))})</div>')
    labels = analysis.get("labels") or {}
    for leaf, nested in (witness.get("backward") or {}).items():
        body.append(f"<h3>{escape(t['pytorch_backward'].format(leaf=leaf))}</h3>")
        body.append(_element_table(labels.get(leaf), [(f"{leaf}.grad", to_array(nested).reshape(-1))]))
    for leaf, nested in (witness.get("jacobian") or {}).items():
        body.append(f"<h3>{escape(t['pytorch_jacobian'])}: <code>{escape(leaf)}</code></h3>")
        body.append(_matrix_table(jacobian_rows(nested, analysis["output_shape"]), labels.get("output"),
                                  labels.get(leaf)))
    if witness.get("note"):
        body.append(f"<p>{escape(str(witness['note']))}</p>")
    body.append(script_html)
    return _section("pytorch", t["pytorch"], "".join(body))


def _second_order(analysis: dict, t: dict) -> str:
    second = analysis.get("second_order")
    if not second:
        return ""
    body = []
    for leaf, h in second.items():
        ok = h.get("match")
        body.append(f"<h3><code>{escape(leaf)}</code></h3><div class=\"verdict {'good' if ok else 'bad'}\">"
                    f"{'✓' if ok else '✗'} {escape(t['max_abs_diff'])}: {escape(format_number(h.get('max_abs_diff'), 6))}"
                    "</div>")
        body.append('<div class="beside">' + "".join(
            f"<div><p>{escape(t[kind])}</p>{_matrix_table(as_rows(to_array(h[kind])))}</div>"
            for kind in ("symbolic", "engine") if h.get(kind) is not None) + "</div>")
    return _section("second-order", t["second_order"], "".join(body))


def _notes(analysis: dict, t: dict) -> str:
    notes = analysis.get("notes") or []
    if not notes:
        return ""
    return _section("notes", t["notes"], "<ul>" + "".join(f"<li>{escape(n)}</li>" for n in notes) + "</ul>")


def _node_names(graph: dict, trace: list, owner: dict, t: dict) -> dict:
    """Node id -> its name in the steps table: a shown node as the graph names it; a node the graph
    folded (``owner``: core.report_json.fold_owner) as its grad_fn in the fold node's label,
    "SinBackward0 in SinBackward0 ×2000" (its grad_fn from the unfolded graph or its own step)."""
    def own_name(n):
        if n.get("kind") == "leaf":
            return f"{n.get('name') or n.get('label')} (AccumulateGrad)"
        return (n.get("grad_fn") or "?") + (f" ({n['name']})" if n.get("name") else "")

    shown = graph.get("nodes") or []
    names = {n["id"]: own_name(n) for n in shown}
    if owner:
        labels = {n["id"]: n.get("label") or n.get("grad_fn") or "?" for n in shown if n.get("kind") == "fold"}
        hidden = {n["id"]: own_name(n) for n in (graph.get("unfolded") or {}).get("nodes") or [] if n["id"] in owner}
        for step in trace:
            if step.get("node") in owner and step.get("grad_fn"):
                hidden.setdefault(step["node"], step["grad_fn"])
        for node, fold in owner.items():
            label = labels.get(fold, fold)
            names[node] = t["in_fold"].format(node=hidden[node], fold=label) if node in hidden else label
    return names


def _graph(analysis: dict, t: dict) -> str:
    graph = analysis.get("graph") or {}
    if not graph.get("nodes"):
        return _section("graph", t["graph"], f"<p>{escape(t['no_graph'])}</p>")
    return _section("graph", t["graph"], graph_svg(graph, standalone=False, title=t["graph"]))


def _step_row(step: dict, names: dict, t: dict, typeset: _Typesetter) -> str:
    node = escape(step.get("grad_fn") or "?")
    if step.get("output_name") and step.get("grad_fn") != "AccumulateGrad":
        node += f" (<code>{escape(step['output_name'])}</code>)"
    elif step.get("leaf"):
        node += f" (<code>{escape(step['leaf'])}</code>)"
    grad_in = "—" if step.get("grad_in") is None else escape(format_nested(step["grad_in"]))
    # the formula derived from the op's rule, then the sentences (views, CopySlices, AccumulateGrad...)
    shown = ([typeset.formula(step["local"])] if step.get("local") else []) + \
        [f"<span>{escape(note)}</span>" for note in step.get("local_notes") or []]
    local = "<br>".join(shown) or "—"
    if step.get("saved"):
        local += "<br>" + ", ".join(f"<code>{escape(k)} = {escape(format_nested(v, limit=8))}</code>"
                                    for k, v in step["saved"].items() if v is not None)
    sent = [f"→ {escape(names.get(g.get('to'), str(g.get('to'))))}"
            + (f" [<code>{escape(g['input'])}</code>]" if g.get("input") else "")
            + f": <code>{escape(format_nested(g.get('grad')))}</code>"
            for g in step.get("grads_out") or []]
    # a custom autograd.Function: what its forward implies, beside what its backward sent
    sent += [escape(t["implied" if item.get("match") else "implied_differs"].format(
        name=item.get("input") or "?", value=format_nested(item.get("grad"))))
        for item in step.get("implied") or []]
    acc = []
    if step.get("leaf"):
        before = t["none"] if step.get("grad_before") is None else format_nested(step["grad_before"])
        after = t["none"] if step.get("grad_after") is None else format_nested(step["grad_after"])
        acc.append(f"<code>{escape(step['leaf'])}.grad</code>: {escape(before)} → <code>{escape(after)}</code>")
    for hook in step.get("hooks") or []:
        acc.append(escape(t["hook_replaced" if hook.get("replaced") else "hook"].format(name=hook.get("name"))))
    for kept in step.get("retained") or []:
        acc.append(escape(t["retained"].format(name=kept.get("name"), value=format_nested(kept.get("grad"))
                                               if kept.get("grad") is not None else t["none"])))
    if step.get("freed"):
        acc.append(escape(t["freed"]))

    def items(parts):
        return "<ul>" + "".join(f"<li>{p}</li>" for p in parts) + "</ul>" if parts else "—"
    return (f'<tr data-node="{escape(str(step.get("node")))}"><td>{int(step.get("index", 0))}</td><td>{node}</td>'
            f'<td class="num">{grad_in}</td><td>{local}</td><td>{items(sent)}</td><td>{items(acc)}</td></tr>')


def _steps(analysis: dict, t: dict, typeset: _Typesetter) -> str:
    """The backward steps, folded as the graph is: a run of consecutive steps through one fold node
    of the graph (a loop's iterations) is its first step, one line saying how many it hides, and its
    last step; after :data:`MAX_STEP_ROWS` rows, one line says how many steps are left out."""
    trace = analysis.get("trace") or []
    if not trace:
        return _section("steps", t["steps"], f"<p>{escape(t['no_steps'])}</p>")
    graph = analysis.get("graph") or {}
    owner = fold_owner(graph)
    names = _node_names(graph, trace, owner, t)
    head = "<tr>" + "".join(f"<th>{escape(c)}</th>" for c in t["step_columns"]) + "</tr>"
    columns = len(t["step_columns"])
    rows, shown = [], 0
    for fold, steps in _step_runs(trace, owner):
        if len(rows) >= MAX_STEP_ROWS:
            break
        if fold is None or len(steps) < MIN_FOLDED_STEPS:
            steps = steps[:MAX_STEP_ROWS - len(rows)]
            rows.extend(_step_row(step, names, t, typeset) for step in steps)
        else:
            label = names.get(steps[0].get("node"), fold)
            label = next((n.get("label") for n in graph.get("nodes") or [] if n["id"] == fold), label)
            line = t["steps_folded"].format(n=len(steps) - 2, fold=label)
            rows += [_step_row(steps[0], names, t, typeset),
                     f'<tr class="folded" data-node="{escape(str(fold))}"><td colspan="{columns}">'
                     f'{escape(line)}</td></tr>',
                     _step_row(steps[-1], names, t, typeset)]
        shown += len(steps)
    if shown < len(trace):
        rows.append(f'<tr class="more"><td colspan="{columns}">'
                    f'{escape(t["more_steps"].format(n=len(trace) - shown, rows=len(rows)))}</td></tr>')
    return _section("steps", t["steps"], f'<table class="steps">{head}{"".join(rows)}</table>')


def _step_runs(trace: list, owner: dict) -> list:
    """The steps as runs: (the fold node id, the consecutive steps through nodes it hides), or
    (None, [a step]) for a step through a node the graph shows."""
    runs = []
    for step in trace:
        fold = owner.get(step.get("node"))
        if fold is not None and runs and runs[-1][0] == fold:
            runs[-1][1].append(step)
        else:
            runs.append((fold, [step]))
    return runs


def _values_cell(rec: dict, key: str) -> str:
    """A tensor's value or grad for the table: the numbers, or the first of them and the count
    when the report left them out (``value_summary``)."""
    summary = rec.get(key + "_summary")
    if summary is not None:
        return escape(f"{format_nested(summary['first'], limit=12)[:-1]}, …] ({summary['numel']:,})")
    return "—" if rec.get(key) is None else escape(format_nested(rec[key], limit=12))


def _tensors(report: dict, t: dict) -> str:
    tensors = report.get("tensors") or {}
    if not tensors:
        return ""
    head = "<tr>" + "".join(f"<th>{escape(c)}</th>" for c in t["tensor_columns"]) + "</tr>"
    rows = []
    for name, rec in tensors.items():
        shape = "[" + ", ".join(str(s) for s in rec.get("shape", [])) + "]"
        grad = _values_cell(rec, "grad")
        rows.append(f"<tr><td><code>{escape(name)}</code></td><td>{escape(shape)}</td>"
                    f"<td>{t['yes'] if rec.get('requires_grad') else t['no']}</td>"
                    f"<td>{t['yes'] if rec.get('is_leaf') else t['no']}</td>"
                    f"<td>{escape(rec.get('grad_fn') or '—')}</td>"
                    f'<td class="num">{_values_cell(rec, "value")}</td>'
                    f'<td class="num">{grad}</td></tr>')
    return _section("tensors", t["tensors"], f"<table>{head}{''.join(rows)}</table>")


def _summary(report: dict, t: dict) -> str:
    analysis = report.get("analysis")
    if analysis is None:
        note = report.get("analysis_note") or t["no_analysis"]
        return f'<div class="verdict neutral">{escape(t["no_analysis"])}: {escape(note)}</div>'
    cls, sentence = _verdict(analysis, t)
    return f'<div class="verdict {cls}">{escape(sentence)}</div>'


def _version() -> str:
    try:
        return " " + version("backprop-lens")
    except PackageNotFoundError:
        return ""


def verdict_text(analysis: dict, lang: str = "en") -> str:
    """The report's one-line verdict of an analysis (the JSON's ``analysis``), e.g.
    "✓ vᵀJ and backward agree (largest |difference|: 0)"."""
    return _verdict(analysis, texts(lang))[1]


def _scoped_css(scope: str) -> str:
    """:data:`CSS` for a report inside ``<div id=scope>``: every rule prefixed with ``#scope``
    (``body``'s rule is the div's own), so nothing reaches the page around it."""
    # first, what a notebook's own styles set on elements (JupyterLab: a colour for tables, right-aligned
    # cells, striped rows, fixed table layout): back to the page's defaults, before the report's own rules
    rules = [f"#{scope} :is(h1,h2,h3,p,pre,code,table,tr,th,td,dl,dt,dd,ul,li,details,summary)"
             "{color:inherit;background:transparent}",
             f"#{scope} table{{border:none;table-layout:auto;font-size:inherit}}",
             f"#{scope} td{{text-align:left}}#{scope} th{{text-align:center}}"]
    for rule in CSS.split("}"):
        if "{" not in rule:
            continue
        selectors, declarations = rule.split("{", 1)
        scoped = ",".join(f"#{scope}" if s.strip() == "body" else f"#{scope} {s.strip()}"
                          for s in selectors.split(","))
        rules.append(f"{scoped}{{{declarations.strip()}}}")
    # in a page of other things (a notebook): no centred column, and a light ground in a dark theme
    rules.append(f"#{scope}{{margin:0;max-width:none;padding:.5rem 1rem 1rem;background:#fff;text-align:left;"
                 "overflow-x:auto}")
    rules.append(f"#{scope} h1{{margin-top:0}}")
    return "\n".join(rules)


def html_report(report: dict, source: str, *, filename: str = "program.py", lang: str = "en",
                typeset: bool = True, typeset_seconds: float | None = 20.0, fragment_id: str | None = None) -> str:
    """The report as one HTML document (a str).

    ``report`` is the headless JSON object of one run (``stdout``, ``error``,
    ``warnings``, ``tensors``, ``analysis`` and, when there is no analysis,
    ``analysis_note``); ``source`` the program's text; ``filename`` its name as
    shown.  ``lang`` ("en" or "zh") chooses the language of the report's own
    headings.  ``typeset=False`` skips ziamath (the LaTeX source is shown);
    ``typeset_seconds`` bounds the time spent typesetting (None: no bound).

    With ``fragment_id`` (letters, digits, ``-``, ``_``; unique in the page) it is a fragment to put
    inside a page, e.g. a notebook's output: one ``<div id=fragment_id>`` with its CSS scoped to it,
    no ``<html>``/``<head>``/``<body>``, and its sections' ids prefixed with ``fragment_id-``.
    """
    t = texts(lang)
    setter = _Typesetter(t, typeset, typeset_seconds)
    analysis = report.get("analysis")
    title = f"{t['title']}: {filename}"
    if fragment_id is not None and not re.fullmatch(r"[A-Za-z][\w-]*", fragment_id):
        raise ValueError(f"fragment_id must be letters, digits, - and _, starting with a letter (got {fragment_id!r})")
    head = (f'<!DOCTYPE html>\n<html lang="{t["html_lang"]}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n") if fragment_id is None else \
        (f'<div id="{fragment_id}" class="backprop-lens-report" lang="{t["html_lang"]}">\n'
         f"<style>{_scoped_css(fragment_id)}</style>\n")
    parts = [head,
             f'<header><h1>{escape(t["title"])}</h1><p class="file"><code>{escape(filename)}</code></p></header>\n',
             _section("summary", t["summary"], _summary(report, t)),
             _program(source, report.get("error"), t),
             _console(report, t)]
    if analysis is not None:
        parts += [_what(analysis, t), _jacobian(analysis, t, setter), _vjp_backward(analysis, t),
                  _verdict_section(analysis, t), _differences(analysis, t), _pytorch(analysis, t),
                  _second_order(analysis, t), _notes(analysis, t), _graph(analysis, t),
                  _steps(analysis, t, setter)]
    parts.append(_tensors(report, t))
    made_by = t["made_by" if fragment_id is None else "made_by_inline"]   # a fragment is not a file
    footer = f"<footer>{escape(made_by.format(version=_version()))}</footer>\n"
    if fragment_id is None:
        return "".join(parts) + footer + "</body>\n</html>\n"
    # every text of the program or the analysis is escaped, so each '<section id="' is _section's own
    return "".join(parts).replace('<section id="', f'<section id="{fragment_id}-') + footer + "</div>\n"
