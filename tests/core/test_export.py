"""Headless exports (core.export): LaTeX, the graph as SVG, the HTML report, ``backprop-lens report``.

The analysis used throughout is the one the command line makes for the
index-assignment tutorial (tests/data/examples/seed_11_jacobian_index_assign.py:
J is 2×2, the graph has CopySlices nodes); expected numbers are read from that
analysis, never written here.
"""
from __future__ import annotations

import contextlib
import copy
import html as htmllib
import io
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from core.cli import main
from core.export import OutputPathError, check_writable, graph_svg, html_report, latex_document, latex_snippets
from core import files as core_files
from core.export.formatting import elide, format_number, jacobian_rows, latex_number, to_array
from core.export.latex import latex_name, latex_text
from core.export.math_svg import matrix_entries
from core.export.texts import TEXTS, texts

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = REPO_ROOT / "tests" / "data" / "examples"
TUTORIAL = EXAMPLES / "seed_11_jacobian_index_assign.py"
SVG = "{http://www.w3.org/2000/svg}"
OK_PROGRAM = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\n(x * x).sum().backward()\nprint(x.grad)\n"
RAISING_PROGRAM = "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\ny.backward()\ny.backward()\n"
REJECTED_PROGRAM = "import subprocess\nprint(subprocess.run(['ls']))\n"


def run_json(path: Path, *options: str) -> dict:
    """The headless JSON of ``backprop-lens run PATH --json``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["run", str(path), "--json", *options])
    return json.loads(out.getvalue())


@pytest.fixture(scope="module")
def tutorial() -> dict:
    report = run_json(TUTORIAL)
    assert report["analysis"] is not None
    return report


@pytest.fixture(scope="module")
def tutorial_html(tutorial) -> str:
    return html_report(tutorial, TUTORIAL.read_text(encoding="utf-8"), filename=TUTORIAL.name)


def write(tmp_path: Path, text: str, name: str = "prog.py") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def render(tex: str) -> ET.Element:
    """``tex`` typeset by ziamath, as parsed SVG (raises if ziamath cannot read it)."""
    import ziamath
    ziamath.config.svg2 = False
    return ET.fromstring(ziamath.Latex(tex).svg())


def bmatrix_numbers(tex: str) -> np.ndarray:
    """The numbers of the (one) ``bmatrix`` in ``tex``, as rows."""
    body = re.search(r"\\begin\{bmatrix\}(.*?)\\end\{bmatrix\}", tex, re.S).group(1)
    words = {r"\mathrm{NaN}": "nan", r"-\infty": "-inf", r"\infty": "inf"}

    def number(cell):
        cell = cell.strip()
        cell = words.get(cell, cell)
        m = re.fullmatch(r"(-?)(?:([\d.]+) \\times )?10\^\{(-?\d+)\}", cell)
        if m is None:
            return float(cell)
        return float(m.group(1) + (m.group(2) or "1")) * 10.0 ** int(m.group(3))
    return np.array([[number(c) for c in row.split("&")] for row in body.split(r"\\")])


# --- numbers -------------------------------------------------------------------------------------
def test_numbers_are_written_with_float32_precision():
    assert format_number(float(np.float32(0.1))) == "0.1"            # not 0.10000000149011612
    assert format_number(float(np.float32(1 / 3))) == "0.33333334"
    assert format_number(12.0) == "12" and format_number(-325.0) == "-325"
    assert format_number(1.5e-8) == "1.5e-8" and format_number(2.5e12) == "2.5e12"
    assert format_number(11.999999999900979, digits=10) == "12"       # a float64 witness
    assert format_number(4.424388411194968e-09, digits=6) == "4.42439e-9"
    assert [format_number(v) for v in ("nan", "inf", "-inf", math.nan, -math.inf)] == \
        ["nan", "inf", "-inf", "nan", "-inf"]
    assert latex_number(1.5e-8) == r"1.5 \times 10^{-8}" and latex_number(1e-9) == "10^{-9}"
    assert [latex_number(v) for v in ("nan", "inf", "-inf")] == [r"\mathrm{NaN}", r"\infty", r"-\infty"]
    assert format_number(1e300) == "1e300"  # past float32's range: not turned into inf


def test_elide_keeps_the_first_and_last_indices():
    assert elide(4, 4) == [0, 1, 2, 3]
    shown = elide(100, 10)
    assert shown[:9] == list(range(9)) and shown[9] is None and shown[-1] == 99


def test_latex_escapes_names_and_text():
    assert latex_text("a_b & 50% {#}") == r"a\_b \& 50\% \{\#\}"
    assert latex_name("x") == "x" and latex_name("w_1") == r"\mathit{w\_1}"
    assert latex_name("the tensor differentiated on line 3").startswith(r"\text{")


# --- LaTeX ---------------------------------------------------------------------------------------
def test_latex_snippets_hold_the_numbers_of_j_vjp_and_backward(tutorial):
    a = tutorial["analysis"]
    snippets = latex_snippets(a)
    leaf = a["leaves"][0]
    J = jacobian_rows(a["jacobian"][leaf], a["output_shape"])
    assert J.shape == (2, 2)
    np.testing.assert_allclose(bmatrix_numbers(snippets[f"jacobian:{leaf}"]), J, rtol=1e-6)
    np.testing.assert_allclose(bmatrix_numbers(snippets[f"vjp:{leaf}"]).reshape(-1),
                               to_array(a["vjp"][leaf]).reshape(-1), rtol=1e-6)
    np.testing.assert_allclose(bmatrix_numbers(snippets[f"backward:{leaf}"]).reshape(-1),
                               to_array(a["backward"][leaf]).reshape(-1), rtol=1e-6)
    np.testing.assert_allclose(bmatrix_numbers(snippets["v"]).reshape(-1),
                               to_array(a["grad_tensor"]).reshape(-1))
    assert a["jacobian_latex"][leaf] in snippets[f"jacobian_symbolic:{leaf}"]


def test_every_latex_snippet_renders_with_ziamath(tutorial):
    snippets = latex_snippets(tutorial["analysis"])
    assert len(snippets) >= 5
    for key, tex in snippets.items():
        svg = render(tex)
        assert svg.tag == f"{SVG}svg", key
        assert len(svg.findall(f".//{SVG}path")) > 5, key  # glyphs were drawn


def test_latex_document_is_standalone_and_holds_every_snippet(tutorial):
    a = tutorial["analysis"]
    doc = latex_document(a, title="seed_11")
    assert doc.count(r"\begin{document}") == 1 and doc.rstrip().endswith(r"\end{document}")
    assert r"\documentclass" in doc and re.search(r"\\usepackage\{[^}]*amsmath", doc)
    for tex in latex_snippets(a).values():
        assert tex in doc
    assert r"seed\_11" in doc
    assert ("agree;" if a["match"] else "disagree") in doc


def non_finite_analysis() -> dict:
    """A synthetic analysis (2 outputs, 3 leaf elements) with NaN and infinities in it."""
    return {
        "output": "out", "output_shape": [2], "leaves": ["w_1"], "grad_tensor": [1.0, "nan"],
        "grad_tensor_source": "option",
        "jacobian": {"w_1": [[1.0, "nan", "inf"], [1e-9, "-inf", 0.1]]},
        "jacobian_latex": {"w_1": r"\left[\begin{matrix}1 & \text{NaN} & \infty\\10^{-9} & -\infty & 0.1"
                                  r"\end{matrix}\right]"},
        "vjp": {"w_1": ["nan", "inf", 2.5e-12]}, "backward": {"w_1": ["nan", "inf", 2.5e-12]},
        "max_abs_diff": 0.0, "match": True, "notes": ["a note with <angle> & ampersand"], "line": 4,
        "trace": [], "graph": {"nodes": [], "edges": []}, "labels": {"output": ["out_1", "out_2"],
                                                                      "w_1": ["w_1_1", "w_1_2", "w_1_3"]},
    }


def test_non_finite_numbers_in_latex():
    a = non_finite_analysis()
    snippets = latex_snippets(a)
    J = bmatrix_numbers(snippets["jacobian:w_1"])
    expected = jacobian_rows(a["jacobian"]["w_1"], a["output_shape"])
    assert np.array_equal(np.isnan(J), np.isnan(expected))
    np.testing.assert_allclose(J[~np.isnan(J)], expected[~np.isnan(expected)], rtol=1e-6)
    assert r"\mathrm{NaN}" in snippets["vjp:w_1"] and r"\infty" in snippets["vjp:w_1"]
    assert r"\mathit{w\_1}" in snippets["jacobian:w_1"]
    for tex in snippets.values():
        render(tex)


def test_a_big_jacobian_is_elided_and_amsmath_is_told_its_width():
    rng = np.random.default_rng(0)
    J = rng.normal(size=(50, 60)).astype(np.float32).astype(np.float64)
    a = dict(non_finite_analysis(), output_shape=[50], jacobian={"w_1": J.tolist()}, jacobian_latex={},
             vjp=None, backward=None, grad_tensor=None, labels={})
    tex = latex_snippets(a)["jacobian:w_1"]
    assert r"\cdots" in tex and r"\vdots" in tex and r"\ddots" in tex
    rows = re.search(r"\\begin\{bmatrix\}(.*?)\\end\{bmatrix\}", tex).group(1).split(r"\\")
    widest = max(len(r.split("&")) for r in rows)
    assert widest < 60 and len(rows) < 50
    first = [float(c) for c in rows[0].split("&")[:5]]
    np.testing.assert_allclose(first, J[0, :5], rtol=1e-6)
    doc = latex_document(a)
    declared = int(re.search(r"\\setcounter\{MaxMatrixCols\}\{(\d+)\}", doc).group(1))
    assert declared >= widest


# --- the graph as SVG ----------------------------------------------------------------------------
def test_graph_svg_parses_and_has_one_named_box_per_node(tutorial):
    graph = tutorial["analysis"]["graph"]
    root = ET.fromstring(graph_svg(graph).encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    boxes = [g for g in root.iter(f"{SVG}g") if "node" in g.get("class", "").split()]
    assert len(boxes) == len(graph["nodes"]) > 5
    by_id = {g.get("data-id"): g for g in boxes}
    assert set(by_id) == {n["id"] for n in graph["nodes"]}
    for n in graph["nodes"]:
        box = by_id[n["id"]]
        assert box.find(f"{SVG}rect") is not None
        words = [t.text for t in box.iter(f"{SVG}text")]
        assert n["grad_fn"] in words
        if n.get("name"):
            assert n["name"] in words
    assert "CopySlices" in {n["grad_fn"] for n in graph["nodes"]}
    edges = [g for g in root.iter(f"{SVG}g") if "edge" in g.get("class", "").split()]
    assert len(edges) == len(graph["edges"])
    assert all(e.find(f"{SVG}path") is not None and e.find(f"{SVG}polygon") is not None for e in edges)


def test_graph_svg_highlights_a_step(tutorial):
    a = tutorial["analysis"]
    step = next(s for s in a["trace"] if s["grad_fn"] == "CopySlices" and len(s["grads_out"]) > 1)
    root = ET.fromstring(graph_svg(a["graph"], step).encode("utf-8"))
    lit = [g for g in root.iter(f"{SVG}g") if "highlight" in g.get("class", "").split()]
    lit_nodes = [g.get("data-id") for g in lit if "node" in g.get("class")]
    lit_edges = {(g.get("data-source"), g.get("data-target")) for g in lit if "edge" in g.get("class")}
    assert lit_nodes == [step["node"]]
    assert lit_edges == {(step["node"], g["to"]) for g in step["grads_out"]}
    plain = ET.fromstring(graph_svg(a["graph"]).encode("utf-8"))
    assert not [g for g in plain.iter(f"{SVG}g") if "highlight" in g.get("class", "")]


def test_graph_svg_escapes_names_and_draws_an_empty_graph():
    graph = {"nodes": [{"id": "n1", "kind": "output", "label": "MulBackward0", "grad_fn": "MulBackward0",
                        "name": "<b>&amp;", "x": 60.0, "y": 30.0, "w": 110.0, "h": 43.2},
                       {"id": "n2", "kind": "leaf", "label": "x", "grad_fn": "AccumulateGrad", "name": "x",
                        "x": 60.0, "y": 120.0, "w": 90.0, "h": 43.2}],
             "edges": [{"source": "n1", "target": "n2", "input": 0, "points": []}], "width": 120, "height": 150}
    root = ET.fromstring(graph_svg(graph).encode("utf-8"))
    assert "<b>&amp;" in [t.text for t in root.iter(f"{SVG}text")]
    inline = graph_svg(graph, standalone=False)
    assert inline.startswith("<svg") and "xmlns" not in inline
    empty = ET.fromstring(graph_svg({"nodes": [], "edges": []}).encode("utf-8"))
    assert empty.tag == f"{SVG}svg"


# --- the HTML report -----------------------------------------------------------------------------
class Tables(HTMLParser):
    """The tables of an HTML text, as rows of cell texts (nested tables listed separately)."""

    def __init__(self, html: str):
        super().__init__()
        self.tables, self._open, self._cell = [], [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self._open.append([])
        elif tag == "tr" and self._open:
            self._open[-1].append([])
        elif tag in ("td", "th") and self._open:
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table" and self._open:
            self.tables.append(self._open.pop())
        elif tag in ("td", "th") and self._cell is not None and self._open:
            self._open[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def section(html: str, key: str) -> str:
    found = re.search(rf'<section id="{key}">(.*?)</section>', html, re.S)
    assert found, f"no section {key}"
    return found.group(1)


def numbers(cells) -> list[float]:
    return [float(c) for c in cells]


def test_html_report_holds_j_vjp_backward_and_the_verdict(tutorial, tutorial_html):
    a = tutorial["analysis"]
    leaf = a["leaves"][0]
    J = jacobian_rows(a["jacobian"][leaf], a["output_shape"])
    table = Tables(section(tutorial_html, "jacobian")).tables
    numeric = next(t for t in table if t[0][0] == "")  # the labelled table: an empty corner cell
    assert numeric[0][1:] == a["labels"][leaf] and [row[0] for row in numeric[1:]] == a["labels"]["output"]
    np.testing.assert_allclose([numbers(row[1:]) for row in numeric[1:]], J, rtol=1e-6)

    rows = Tables(section(tutorial_html, "vjp-backward")).tables[0][1:]
    assert [r[0] for r in rows] == a["labels"][leaf]
    np.testing.assert_allclose(numbers(r[1] for r in rows), to_array(a["vjp"][leaf]).reshape(-1), rtol=1e-6)
    np.testing.assert_allclose(numbers(r[2] for r in rows), to_array(a["backward"][leaf]).reshape(-1), rtol=1e-6)

    assert a["match"] is True
    verdict = section(tutorial_html, "verdict")
    assert "vᵀJ and backward agree" in verdict and 'class="verdict good"' in verdict
    assert format_number(a["max_abs_diff"], 6) in verdict


def test_html_report_typesets_the_symbolic_jacobian(tutorial, tutorial_html):
    a = tutorial["analysis"]
    part = section(tutorial_html, "jacobian")
    entries = [e for row in matrix_entries(a["jacobian_latex"]["x"]) for e in row]
    assert len(entries) == 4  # the 2×2 J, typeset entry by entry after "J_x ="
    assert part.count("<svg") == len(entries) + 1
    assert 'class="bmatrix"' in part
    for entry in entries:  # each picture is named by its LaTeX
        assert re.search(rf'<svg[^>]*aria-label="{re.escape(escape(entry))}"', part)
    plain = html_report(tutorial, TUTORIAL.read_text(), typeset=False)
    assert "<svg" not in section(plain, "jacobian")
    assert a["jacobian_latex"][a["leaves"][0]].replace("&", "&amp;") in section(plain, "jacobian")
    out_of_time = html_report(tutorial, TUTORIAL.read_text(), typeset_seconds=0)
    why = TEXTS["en"]["not_typeset"].format(why=TEXTS["en"]["out_of_time"])
    assert escape(why) in section(out_of_time, "jacobian") and "<svg" not in section(out_of_time, "jacobian")


def test_html_report_has_the_graph_the_steps_and_the_witnesses(tutorial, tutorial_html):
    a = tutorial["analysis"]
    graph = section(tutorial_html, "graph")
    assert graph.count('class="node') == len(a["graph"]["nodes"])
    steps = Tables(section(tutorial_html, "steps")).tables[-1]
    assert len(steps) == len(a["trace"]) + 1
    for row, step in zip(steps[1:], a["trace"]):
        assert row[0] == str(step["index"]) and row[1].startswith(step["grad_fn"])
    assert sum(row[1].startswith("CopySlices") for row in steps[1:]) == \
        sum(step["grad_fn"] == "CopySlices" for step in a["trace"]) >= 1
    accumulate = next(row for row, step in zip(steps[1:], a["trace"]) if step["grad_fn"] == "AccumulateGrad")
    assert format_number(to_array(a["backward"]["x"]).reshape(-1)[0]) in accumulate[5]
    differences = section(tutorial_html, "differences")
    fd = to_array(a["differences"]["jacobian"]["x"]).reshape(-1)
    assert all(format_number(v, 10) in differences for v in fd)
    assert escape(tutorial["stdout"]) in section(tutorial_html, "console")


def test_html_report_is_self_contained(tutorial_html):
    assert tutorial_html.startswith("<!DOCTYPE html>")
    lowered = tutorial_html.lower()
    for external in ("http://", "https://", "src=", "<link", "@import", "url(", "<script"):
        assert external not in lowered, external
    assert "<style>" in tutorial_html and lowered.count("<svg") > 5


def test_html_report_in_chinese(tutorial):
    zh = html_report(tutorial, TUTORIAL.read_text(encoding="utf-8"), lang="zh")
    headings = re.findall(r"<h2>(.*?)</h2>", zh)
    for heading in ("雅可比矩阵 J", "结论", "计算图", "反向传播步骤", "程序"):
        assert heading in headings
    assert "Verdict" not in headings and '<html lang="zh-CN">' in zh
    en = re.findall(r"<h2>(.*?)</h2>", html_report(tutorial, "", lang="en"))
    assert "Verdict" in en and "结论" not in en
    with pytest.raises(ValueError, match="unknown report language"):
        html_report(tutorial, "", lang="fr")


def test_both_languages_have_every_text():
    assert set(TEXTS["en"]) == set(TEXTS["zh"])
    for key, value in TEXTS["en"].items():
        if isinstance(value, dict):
            assert set(value) == set(texts("zh")[key]), key
        elif isinstance(value, tuple):
            assert len(value) == len(texts("zh")[key]), key


def test_html_report_escapes_the_program_and_its_output(tmp_path):
    path = write(tmp_path, 'import torch\n# <b>bold</b> & more\nprint("<script>alert(1)</script>")\n'
                           "x = torch.ones(2, requires_grad=True)\n(x * 3).sum().backward()\n")
    report = run_json(path)
    html = html_report(report, path.read_text())
    assert "<script>" not in html and "<b>bold</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in section(html, "console")
    assert "# &lt;b&gt;bold&lt;/b&gt; &amp; more" in section(html, "program")


def test_html_report_shows_the_error_and_its_line(tmp_path):
    path = write(tmp_path, RAISING_PROGRAM)
    report = run_json(path)
    html = html_report(report, path.read_text())
    console = section(html, "console")
    assert report["error"]["type"] in console and report["error"]["message"][:40] in console
    lines = re.findall(r'<span class="line( error-line)?"><span class="ln">\s*(\d+)</span>', section(html, "program"))
    assert [int(n) for flag, n in lines if flag] == [report["error"]["line"]]
    assert section(html, "verdict")  # the analysis of the first backward is still there


def test_html_report_without_an_analysis(tmp_path):
    path = write(tmp_path, "import torch\nx = torch.ones(2)\nprint(x)\n")
    report = run_json(path)
    assert report["analysis"] is None
    html = html_report(report, path.read_text())
    assert report["analysis_note"] in section(html, "summary")
    assert 'id="jacobian"' not in html and 'id="tensors"' in html


def test_html_report_with_and_without_a_pytorch_witness(tutorial):
    source = TUTORIAL.read_text()
    for absent in ("missing", None):
        report = copy.deepcopy(tutorial)
        if absent == "missing":
            report["analysis"].pop("pytorch", None)
        else:
            report["analysis"]["pytorch"] = None
        assert TEXTS["en"]["pytorch_absent"] in section(html_report(report, source), "pytorch")
    report = copy.deepcopy(tutorial)
    grad = to_array(report["analysis"]["backward"]["x"]) + 0.5
    report["analysis"]["pytorch"] = {
        "version": "9.8.7", "backward": {"x": grad.tolist()}, "jacobian": None, "max_abs_diff": 0.5,
        "match": False, "error": {"type": "RuntimeError", "message": "a <PyTorch> message"}, "note": "note & more"}
    part = section(html_report(report, source), "pytorch")
    assert "9.8.7" in part and "a &lt;PyTorch&gt; message" in part and "note &amp; more" in part
    assert "PyTorch DISAGREES" in part
    table = Tables(part).tables[0]
    np.testing.assert_allclose(numbers(r[1] for r in table[1:]), grad.reshape(-1))


def test_html_report_of_a_disagreement_and_of_non_finite_numbers(tutorial):
    report = copy.deepcopy(tutorial)
    report["analysis"].update(match=False, max_abs_diff=0.5)
    verdict = section(html_report(report, ""), "verdict")
    assert "DISAGREE" in verdict and 'class="verdict bad"' in verdict and "0.5" in verdict
    report = {"stdout": "", "error": None, "warnings": [], "tensors": {}, "analysis": non_finite_analysis()}
    html = html_report(report, "")
    rows = Tables(section(html, "vjp-backward")).tables[0][1:]
    assert [r[1] for r in rows][:2] == ["nan", "inf"] and [r[3] for r in rows] == ["0", "0", "0"]
    numeric = next(t for t in Tables(section(html, "jacobian")).tables if t[0][0] == "")
    got = np.array([numbers(r[1:]) for r in numeric[1:]])
    expected = jacobian_rows(report["analysis"]["jacobian"]["w_1"], [2])  # 2 × 3: not symmetric
    assert got.shape == expected.shape == (2, 3)
    np.testing.assert_allclose(got, expected, rtol=1e-6)  # NaNs in the same places
    assert "a note with &lt;angle&gt; &amp; ampersand" in section(html, "notes")


# --- files ---------------------------------------------------------------------------------------
def test_write_atomic_replaces_the_file_and_leaves_nothing_else(tmp_path):
    target = tmp_path / "out.html"
    target.write_text("old")
    os.chmod(target, 0o640)
    core_files.write_atomic(target, "new ✓")
    assert target.read_text(encoding="utf-8") == "new ✓"
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.html"]


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary(tmp_path, monkeypatch):
    target = tmp_path / "out.html"
    target.write_text("old")

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(core_files.os, "replace", failing_replace)
    with pytest.raises(OutputPathError, match="No space left"):
        core_files.write_atomic(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.html"]


def test_check_writable_names_the_problem(tmp_path):
    with pytest.raises(OutputPathError, match="does not exist"):
        check_writable(tmp_path / "missing" / "r.html")
    with pytest.raises(OutputPathError, match="is a folder"):
        check_writable(tmp_path)
    assert check_writable(tmp_path / "r.html") == tmp_path / "r.html"


# --- the command ---------------------------------------------------------------------------------
def report_command(capsys, *args) -> tuple[int, str, str]:
    code = main(["report", *map(str, args)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_report_command_writes_html_and_latex(tmp_path, capsys, tutorial):
    out, tex = tmp_path / "report.html", tmp_path / "j.tex"
    code, stdout, err = report_command(capsys, TUTORIAL, "-o", out, "--latex", tex)
    assert code == 0, err
    assert f"wrote {out}" in stdout and f"wrote {tex}" in stdout
    html = out.read_text(encoding="utf-8")
    assert TUTORIAL.name in html and "vᵀJ and backward agree" in html
    J = jacobian_rows(tutorial["analysis"]["jacobian"]["x"], tutorial["analysis"]["output_shape"])
    numeric = next(t for t in Tables(section(html, "jacobian")).tables if t[0][0] == "")
    np.testing.assert_allclose([numbers(r[1:]) for r in numeric[1:]], J, rtol=1e-6)
    assert latex_snippets(tutorial["analysis"])["jacobian:x"] in tex.read_text(encoding="utf-8")
    witness = tutorial["analysis"].get("pytorch")
    if witness:  # real PyTorch is installed: its witness is in the report too
        assert escape(TEXTS["en"]["pytorch_version"].format(version=witness["version"])) in section(html, "pytorch")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["j.tex", "report.html"]  # no temporary files


def test_report_command_options_reach_the_analysis_and_the_language(tmp_path, capsys):
    path = write(tmp_path, "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = x * x\n")
    code, stdout, err = report_command(capsys, path, "-o", tmp_path / "r.html", "--output", "out",
                                       "--grad-tensor", "[1, 3]", "--lang", "zh", "--pytorch", "off")
    assert code == 0, err
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "雅可比矩阵 J" in html
    assert escape(TEXTS["zh"]["pytorch_absent"]) in section(html, "pytorch")
    rows = Tables(section(html, "vjp-backward")).tables[0][1:]
    assert numbers(r[1] for r in rows) == [2.0, 12.0]  # vᵀJ = v * 2x with v = [1, 3]


@pytest.mark.parametrize("program, status", [(RAISING_PROGRAM, 1), (REJECTED_PROGRAM, 2)])
def test_report_command_still_writes_a_report_when_the_program_fails(tmp_path, capsys, program, status):
    path = write(tmp_path, program)
    code, stdout, err = report_command(capsys, path, "-o", tmp_path / "r.html")
    assert code == status
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    report = run_json(path)
    assert report["error"]["type"] in section(html, "console")
    assert report["error"]["type"] in stdout


# a lone surrogate: text Python holds and UTF-8 cannot; printed, or in an error's message
SURROGATE_PRINT = ('import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = x * x\n'
                   'print("\\ud800 and \\udc80")\n')
SURROGATE_ERROR = 'import torch\nx = torch.ones(2, requires_grad=True)\nassert False, "\\udfff"\n'


@pytest.mark.parametrize("program, status, shown", [
    ('print("\\ud800")\n', 0, "\\ud800"),
    (SURROGATE_PRINT, 0, "\\ud800 and \\udc80"),
    ('{}["\\udc80"]\n', 1, "\\udc80"),
    (SURROGATE_ERROR, 1, "\\udfff")], ids=["print", "print-with-analysis", "key-error", "assert-message"])
def test_report_command_writes_a_program_that_prints_a_lone_surrogate(tmp_path, capsys, program, status, shown):
    path = write(tmp_path, program)
    out, tex = tmp_path / "r.html", tmp_path / "j.tex"
    output = ["--output", "out"] if "out = " in program else []
    code, stdout, err = report_command(capsys, path, "-o", out, "--latex", tex, "--pytorch", "off", *output)
    assert code == status, err
    html = out.read_text(encoding="utf-8")                # valid UTF-8
    assert shown in section(html, "console")              # shown as Python's repr shows it
    assert tex.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["j.tex", "prog.py", "r.html"]


def test_run_json_keeps_a_lone_surrogate_as_a_json_escape(tmp_path, capsys):
    path = write(tmp_path, SURROGATE_PRINT)
    assert main(["run", str(path), "--json", "--output", "out", "--pytorch", "off",
                 "--pytorch-script", str(tmp_path / "s.py")]) == 0
    out = capsys.readouterr().out
    assert "\\ud800 and \\udc80" in out and out.isascii()
    assert json.loads(out)["stdout"] == "\ud800 and \udc80\n"     # read back: the same characters
    assert "import torch" in (tmp_path / "s.py").read_text(encoding="utf-8")
    path = write(tmp_path, SURROGATE_ERROR)
    assert main(["run", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["message"] == "\udfff"


def test_report_command_exit_status_3_on_a_disagreement(tmp_path, capsys, monkeypatch):
    import core.cli
    real = core.cli.analyse

    def disagreeing(*args, **kwargs):
        analysis, note = real(*args, **kwargs)
        return dict(analysis, match=False, max_abs_diff=0.25), note
    monkeypatch.setattr(core.cli, "analyse", disagreeing)
    code, stdout, err = report_command(capsys, write(tmp_path, OK_PROGRAM), "-o", tmp_path / "r.html")
    assert code == 3
    assert "DISAGREE" in section((tmp_path / "r.html").read_text(encoding="utf-8"), "verdict")


def test_report_command_refuses_a_path_it_cannot_write(tmp_path, capsys):
    program = write(tmp_path, OK_PROGRAM)
    code, stdout, err = report_command(capsys, program, "-o", tmp_path / "no" / "such" / "r.html")
    assert code == 2 and "cannot write" in err and "does not exist" in err
    code, stdout, err = report_command(capsys, program, "-o", tmp_path)
    assert code == 2 and "is a folder" in err
    code, stdout, err = report_command(capsys, program, "-o", tmp_path / "r.html", "--latex", tmp_path / "no" / "j.tex")
    assert code == 2 and "cannot write" in err
    code, stdout, err = report_command(capsys, program, "-o", program)
    assert code == 2 and "overwrite the program" in err
    assert program.read_text() == OK_PROGRAM
    code, stdout, err = report_command(capsys, program)
    assert code == 2 and "-o" in err
    code, stdout, err = report_command(capsys, program, "-o", tmp_path / "r.html", "--lang", "fr")
    assert code == 2 and "--lang" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prog.py"]  # nothing written, nothing left


def qt_modules(importtime_log: str) -> list[str]:
    names = [line.rsplit("|", 1)[-1].strip() for line in importtime_log.splitlines() if line.startswith("import time:")]
    return [n for n in names if n.split(".")[0] in ("PySide6", "shiboken6")]


def test_python_dash_m_core_report_writes_the_file_without_qt(tmp_path):
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1", PYTHONPATH=str(REPO_ROOT))
    out = tmp_path / "r.html"
    result = subprocess.run([sys.executable, "-m", "core", "report", str(TUTORIAL), "-o", str(out)],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "import time:" in result.stderr and qt_modules(result.stderr) == []
    assert any(line.endswith("ziamath") for line in result.stderr.splitlines())  # it really typeset
    assert f"wrote {out}" in result.stdout
    assert "CopySlices" in out.read_text(encoding="utf-8")


def test_html_report_carries_the_plain_pytorch_script(tutorial):
    source = TUTORIAL.read_text()
    script = tutorial["analysis"]["pytorch_script"]
    assert script and "out.backward(v)" in script
    for witness in (None, {"version": "2.13.0", "backward": None, "jacobian": None, "max_abs_diff": 0.0,
                           "match": True, "error": None, "note": None}):
        report = copy.deepcopy(tutorial)
        report["analysis"]["pytorch"] = witness
        for lang in ("en", "zh"):
            part = section(html_report(report, source, lang=lang), "pytorch")
            assert TEXTS[lang]["pytorch_script"] in part
            assert htmllib.escape(script) in part   # the whole script, escaped, in one <pre>
    report = copy.deepcopy(tutorial)
    report["analysis"]["pytorch_script"] = None
    assert "<details>" not in section(html_report(report, source), "pytorch")
