"""Backprop Lens in a notebook (core.notebook): ``from core import analyze``, the result's HTML and
JSON, the ``%%backprop_lens`` cell magic, and a real notebook executed by a Jupyter kernel."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from core import analyze
from core.notebook import LensResult

REPO_ROOT = Path(__file__).resolve().parents[2]
LESSON = REPO_ROOT / "resources" / "lessons" / "03_mm_gradient.py"
NOTEBOOK = REPO_ROOT / "tests" / "data" / "notebook" / "backprop_lens.ipynb"

MM = ("import torch\n"
      "x = torch.ones(2, 3, requires_grad=True)\n"
      "a = torch.ones(3, 4)\n"
      "out = torch.mm(x, a)\n"
      "out.backward(torch.ones(2, 4))\n")
RAISES = ("import torch\n"
          "x = torch.ones(2, requires_grad=True)\n"
          "y = (x * 2).sum()\n"
          "z = x.no_such_method()\n")


def cli_json(*args: str, cwd=REPO_ROOT) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "core", "run", *args, "--json"], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    return done.returncode, done.stdout


@pytest.fixture(scope="module")
def lesson() -> LensResult:
    return analyze(path=LESSON, pytorch="off")


# --- the API -----------------------------------------------------------------------------------
def same_nodes(json_text: str) -> str:
    """The JSON text with the graph's node ids (made from object addresses, so new in every run)
    numbered in the order they appear."""
    seen: dict[str, str] = {}
    return re.sub(r'"n[0-9a-f]{8,}"', lambda m: seen.setdefault(m.group(0), f'"node{len(seen)}"'), json_text)


def test_the_result_is_the_command_lines_json(lesson):
    status, stdout = cli_json(str(LESSON), "--pytorch", "off")
    assert status == 0
    assert same_nodes(lesson.to_json()) == same_nodes(stdout.rstrip("\n"))
    assert lesson.report == json.loads(lesson.to_json())
    assert json.loads(stdout)["analysis"]["backward"] == lesson.report["analysis"]["backward"]


def test_source_text_gives_the_values_of_the_command_line(lesson):
    from_text = analyze(LESSON.read_text(encoding="utf-8"), pytorch="off")
    # the file's name appears nowhere in the JSON
    assert same_nodes(from_text.to_json()) == same_nodes(lesson.to_json())
    assert from_text.filename == "program.py" and lesson.filename == LESSON.name


def test_attributes_read_the_analysis(lesson):
    # PyTorch: x.grad = vᵀJ, each row the sum of v's row (lesson 03's explanation)
    assert lesson.verdict == "agree" and lesson.match is True
    assert lesson.output == "out" and lesson.error is None and lesson.error_line is None
    assert lesson.grads["x"].tolist() == [[10.0] * 3, [26.0] * 3]
    assert lesson.vjp["x"].tolist() == [[10.0] * 3, [26.0] * 3]
    assert lesson.jacobian["x"].shape == (2, 4, 2, 3)
    assert lesson.tensors["a"]["grad"] is None
    assert "MmBackward0" in lesson.stdout
    assert lesson.verdict_text.startswith("✓")
    assert repr(lesson).startswith("<Backprop Lens: out in 03_mm_gradient.py: ✓")


def test_grad_tensor_output_and_limits_reach_the_analysis():
    v = np.array([[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 2.0]])
    result = analyze(MM, output="out", grad_tensor=v, pytorch="off", limits={"max_steps": 1000})
    assert result.analysis["grad_tensor_source"] == "option"
    assert result.analysis["grad_tensor"] == v.tolist()
    assert result.grads["x"].tolist() == [[1.0] * 3, [2.0] * 3]   # v @ aᵀ, a all ones
    assert result.verdict == "agree"


def test_call_picks_the_differentiation():
    program = ("import torch\n"
               "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
               "(x * x).sum().backward()\n"
               "x.grad = None\n"
               "(x * x * x).sum().backward()\n")
    first, second = (analyze(program, call=n, pytorch="off") for n in (1, 2))
    assert first.analysis["line"] == 3 and first.grads["x"].tolist() == [2.0, 4.0]
    assert second.analysis["line"] == 5 and second.grads["x"].tolist() == [3.0, 12.0]


def test_a_program_that_raises_is_a_result_with_its_line():
    result = analyze(RAISES, pytorch="off")
    assert result.error["type"] == "AttributeError" and result.error["kind"] == "raised"
    assert result.error_line == 4
    # y, differentiated by nobody, was analysed up to the error: the verdict is the analysis's
    assert result.output == "y" and result.verdict == "agree"
    html = result._repr_html_()
    assert re.search(r'<span class="line error-line"><span class="ln">4</span>z = x\.no_such_method', html)


def test_a_rejected_program_is_a_result_too():
    result = analyze("import torch\nx = torch.ones(2\n", pytorch="off")
    assert result.error["type"] == "SyntaxError" and result.error["kind"] == "rejected"
    assert result.error_line == 2
    assert result.analysis is None and "rejected" in result.analysis_note
    assert result.verdict == "error" and "(line 2)" in result.verdict_text and result.grads == {}


def test_a_program_past_its_time_is_stopped_in_the_child():
    start = time.monotonic()
    endless = {"max_seconds": 0.5, "max_steps": 10 ** 15, "max_loop_iterations": 10 ** 15}
    result = analyze("while True:\n    pass\n", limits=endless, pytorch="off")
    assert result.error["kind"] == "limit" and result.error["type"] == "LimitExceeded"
    assert "seconds" in result.error["message"] and result.error_line in (1, 2)
    assert time.monotonic() - start < 20


@pytest.mark.parametrize("kwargs, says", [
    ({"output": "nosuch"}, "no tensor named 'nosuch'"),
    ({"grad_tensor": "[1, 2"}, "--grad-tensor"),
    ({"limits": {"max_seconds": -1}}, "max_seconds must be a number of seconds"),
    ({"limits": {"max_sekonds": 1}}, "'max_sekonds' is not a limit"),
    ({"pytorch": "maybe"}, "pytorch must be one of"),
    ({"lang": "fr"}, "lang must be one of"),
])
def test_options_that_cannot_be_raise_value_error(kwargs, says):
    with pytest.raises(ValueError, match=re.escape(says)) as raised:
        analyze(MM, **kwargs)
    assert not str(raised.value).startswith(("usage", "backprop-lens", "python -m core"))   # the message alone


def test_source_or_path_exactly_one(tmp_path):
    with pytest.raises(TypeError):
        analyze()
    with pytest.raises(TypeError):
        analyze(MM, path=LESSON)
    with pytest.raises(ValueError, match="cannot read"):
        analyze(path=tmp_path / "missing.py")


# --- the HTML ------------------------------------------------------------------------------------
class _Tags(HTMLParser):
    VOID = {"br", "meta", "img", "input", "hr", "link", "path", "rect", "polygon", "use"}

    def __init__(self):
        super().__init__()
        self.open, self.ids, self.tags, self.problems = [], [], set(), []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.ids += [value for name, value in attrs if name == "id"]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.add(tag)
        self.ids += [value for name, value in attrs if name == "id"]

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


def test_repr_html_is_a_fragment_with_the_verdict_and_the_graph(lesson):
    html = lesson._repr_html_()
    tags = _Tags()
    tags.feed(html)
    tags.close()
    assert tags.problems == [] and tags.open == []          # balanced: it cannot swallow the page's tags
    assert not tags.tags & {"html", "head", "body", "meta"}
    assert "<!DOCTYPE" not in html
    assert html.startswith('<div id="backprop-lens-')
    scope = tags.ids[0]
    # every id is this fragment's own, and unique
    assert len(tags.ids) == len(set(tags.ids)) > 5
    assert all(i == scope or i.startswith(scope + "-") for i in tags.ids)
    # every CSS rule is scoped to the fragment
    css = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    css = re.sub(r":is\([^()]*\)", ":is()", css)          # the commas inside :is() separate no selectors
    selectors = [s.strip() for rule in css.split("}") if "{" in rule for s in rule.split("{")[0].split(",")]
    assert selectors and all(s == f"#{scope}" or s.startswith(f"#{scope} ") for s in selectors)
    assert len(re.findall(r"<style>", html)) == 1
    # the report's content: the verdict, J, vᵀJ beside backward, the graph as SVG, the steps
    assert '<div class="verdict good">✓ vᵀJ and backward agree' in html
    assert '<svg class="graph"' in html and "MmBackward0" in html
    for section in ("jacobian", "vjp-backward", "verdict", "graph", "steps"):
        assert f'<section id="{scope}-{section}">' in html


def test_each_display_has_its_own_ids(lesson):
    first, second = lesson._repr_html_(), lesson._repr_html_()
    ids = [re.match(r'<div id="([\w-]+)"', h).group(1) for h in (first, second)]
    assert ids[0] != ids[1]
    assert first.replace(ids[0], "ID") == second.replace(ids[1], "ID")


def test_the_standalone_report_is_the_command_lines(lesson):
    page = lesson.html(standalone=True)
    assert page.startswith("<!DOCTYPE html>") and "<body>" in page and "</html>" in page
    assert "This file is self-contained." in page
    # a fragment inside a notebook is not a file of its own, and its footer does not say it is one
    fragment = lesson._repr_html_()
    assert "<footer>Made by Backprop Lens" in fragment and "self-contained" not in fragment


# --- the extension -------------------------------------------------------------------------------
def test_core_loads_the_api_only_when_asked():
    code = ("import sys, core, core.interp\n"
            "assert 'core.notebook' not in sys.modules, 'loaded early'\n"
            "from core import analyze\n"
            "assert analyze.__module__ == 'core.notebook'\n"
            "try:\n    core.no_such_name\nexcept AttributeError:\n    pass\nelse:\n    raise SystemExit('no error')\n"
            "assert not [m for m in sys.modules if m.startswith(('PySide6', 'IPython'))]\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_cell_magic_analyses_the_cell_without_running_it():
    from IPython.core.error import UsageError        # the test extra installs IPython: no skip
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "core.notebook")
    result = shell.run_cell_magic("backprop_lens", '--grad-tensor "[[1, 0, 0, 0], [0, 0, 0, 1]]" --pytorch off', MM)
    assert isinstance(result, LensResult) and result.filename == "cell.py"
    assert result.grads["x"].tolist() == [[1.0] * 3, [1.0] * 3]
    assert "x" not in shell.user_ns and "torch" not in shell.user_ns
    with pytest.raises(UsageError, match="no tensor named 'nosuch'"):
        shell.run_cell_magic("backprop_lens", "--output nosuch --pytorch off", MM)


def test_a_notebook_runs_the_magic_and_analyze_in_a_real_kernel(monkeypatch):
    """nbclient starts an IPython kernel and executes tests/data/notebook/backprop_lens.ipynb.  A kernel
    that cannot start fails this test (the test extra installs ipykernel, nbclient, nbformat)."""
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("PYTHONPATH", str(REPO_ROOT))      # the kernel imports this checkout's core
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=60, startup_timeout=30, kernel_name="python3",
                   resources={"metadata": {"path": str(REPO_ROOT)}}).execute()
    cells = [c for c in notebook.cells if c.cell_type == "code"]
    errors = [o for c in cells for o in c.outputs if o.output_type == "error"]
    assert errors == []
    assert [c.execution_count for c in cells] == [1, 2, 3, 4]          # the kernel ran every cell

    def output(cell, kind):
        return "".join(o.get("text", "") if kind == "stream" else o.get("data", {}).get(kind, "")
                       for o in cell.outputs if o.output_type in (("stream",) if kind == "stream" else
                                                                  ("execute_result", "display_data")))
    magic_html = output(cells[1], "text/html")
    assert magic_html.startswith('<div id="backprop-lens-')
    assert '<div class="verdict good">✓ vᵀJ and backward agree' in magic_html
    assert '<svg class="graph"' in magic_html and "[[1, 2, 3, 4], [5, 6, 7, 8]]" in magic_html
    assert output(cells[2], "stream") == "False False\n"              # the cell was data, not run
    assert output(cells[3], "stream") == "agree [4.0, -2.0]\n"
    api_html = output(cells[3], "text/html")
    assert '<div class="verdict good">✓' in api_html and '<svg class="graph"' in api_html
    assert "<body" not in api_html and "<html" not in api_html
