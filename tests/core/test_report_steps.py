"""The HTML report's steps table stays bounded (issue 13): steps through a fold node of the graph are folded
as the graph is (first step, one line saying how many, last step), hidden nodes are named as the folded graph
names them (never by a raw id), and past MAX_STEP_ROWS rows one line says how many steps are left out."""
from __future__ import annotations

import importlib
import re

import pytest

from core.report_json import fold_owner
from core.analysis.pipeline import analyse_source
from core.export.html_report import html_report
from core.report_json import run_to_json

report_module = importlib.import_module("core.export.html_report")    # (core.export's html_report is the function)


def chain(n: int) -> str:
    return ("import torch\nx = torch.tensor([0.5], requires_grad=True)\ny = x\nfor i in range(%d):\n"
            "    y = torch.sin(y)\ny.backward()\n" % n)


@pytest.fixture(scope="module")
def long_chain():
    source = chain(2000)
    outcome = analyse_source(source, pytorch="off")
    return source, run_to_json(outcome.result, outcome.analysis_json())


def steps_html(html: str) -> str:
    return html[html.index('<table class="steps">'):html.index("</table>", html.index('<table class="steps">'))]


def test_a_2000_step_chain_s_steps_fold_like_its_graph(long_chain):
    source, report = long_chain
    analysis = report["analysis"]
    assert len(analysis["trace"]) == 2001            # every step is in the JSON
    owner = fold_owner(analysis["graph"])
    assert len(owner) > 1900                          # the graph folded the chain
    html = html_report(report, source, lang="en")
    steps = steps_html(html)
    rows = steps.count("<tr") - 1
    assert rows <= 10, rows
    folded = re.findall(r'<tr class="folded"[^>]*><td colspan="6">([^<]*)</td>', steps)
    assert len(folded) == 1 and re.fullmatch(r"… 1,99\d steps through SinBackward0 ×\d+, folded as in the graph …",
                                             folded[0]), folded
    # every step is either a row or counted in a folded line
    shown = len(re.findall(r'<tr data-node=', steps))
    assert shown + int(re.search(r"… ([\d,]+) steps", folded[0])[1].replace(",", "")) == 2001
    # nodes hidden in a fold are named as the folded graph names them, never by their raw id
    hidden = set(owner)
    assert not any(node in steps.replace('data-node="', "") for node in hidden if f"→ {node}" in steps)
    assert "→ SinBackward0 in SinBackward0 ×" in steps
    assert len(html.encode()) < 200_000, len(html.encode())     # was 25 MB


def test_the_steps_table_stops_after_its_row_budget_and_says_how_many_are_left(long_chain, monkeypatch):
    source, report = long_chain
    monkeypatch.setattr(report_module, "MIN_FOLDED_STEPS", 10 ** 9)     # no folding: every step a row
    monkeypatch.setattr(report_module, "MAX_STEP_ROWS", 25)
    steps = steps_html(html_report(report, source, lang="en"))
    assert len(re.findall(r"<tr data-node=", steps)) == 25
    more = re.findall(r'<tr class="more"><td colspan="6">([^<]*)</td>', steps)
    assert more == ["… 1,976 more steps (the table shows the first 25 rows)"]
    zh = steps_html(html_report(report, source, lang="zh"))
    assert "……还有 1,976 个步骤（表格只显示前 25 行）" in zh


def test_a_short_backward_is_shown_step_by_step():
    source = chain(2)
    outcome = analyse_source(source, pytorch="off")
    report = run_to_json(outcome.result, outcome.analysis_json())
    steps = steps_html(html_report(report, source, lang="en"))
    assert len(re.findall(r"<tr data-node=", steps)) == 3 and 'class="folded"' not in steps
    assert 'class="more"' not in steps
