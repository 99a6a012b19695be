"""Choosing the differentiation to analyse (issue 13): every backward / autograd.grad the program
makes is listed with its line and its iteration at that line; ``--call N`` / ``--iteration K``
(and the pipeline's ``call`` / ``iteration``) choose one; the first by default."""
import json

import pytest

from core.analysis.analysis import AnalysisError
from core.analysis.pipeline import analyse_source, analyze
from core.cli import main

LOOP = """\
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
for step in range(5):
    loss = (w * w * (step + 1)).sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
y = (w ** 3).sum()
torch.autograd.grad(y, w)
"""


def test_every_differentiation_is_listed_with_its_line_and_iteration():
    a = analyze(LOOP, pytorch="off").to_json()
    assert a["calls_total"] == 6
    assert [(c["call"], c["line"], c["iteration"], c["of"]) for c in a["calls"]] == [
        (1, 5, 1, 5), (2, 5, 2, 5), (3, 5, 3, 5), (4, 5, 4, 5), (5, 5, 5, 5), (6, 10, 1, 1)]
    assert [c["kind"] for c in a["calls"]][-1] != a["calls"][0]["kind"]    # backward, then autograd.grad
    assert a["call"]["call"] == 1                 # the first by default
    assert any("differentiates 6 times" in n and "call 1: line 5, iteration 1 of 5" in n for n in a["notes"])


@pytest.mark.parametrize("choice, expected_w, factor", [
    ({"call": 3}, None, 3), ({"iteration": 3}, None, 3), ({"call": 2, "iteration": 4}, None, 4)])
def test_a_later_iteration_is_analysed_at_its_own_values(choice, expected_w, factor):
    a = analyze(LOOP, pytorch="off", **choice).to_json()
    assert a["call"]["iteration"] == factor and a["call"]["line"] == 5
    # w after (factor - 1) steps of w -= 0.1 * 2 * k * w, k = 1 .. factor-1
    w = [1.0, 2.0]
    for k in range(1, factor):
        w = [x - 0.1 * 2 * k * x for x in w]
    assert a["backward"]["w"] == pytest.approx([2 * factor * x for x in w], rel=1e-5)
    assert a["match"] is True


def test_the_last_call_is_autograd_grad_at_the_end():
    a = analyze(LOOP, pytorch="off", call=6).to_json()
    assert (a["call"]["line"], a["output"]) == (10, "y")
    assert a["match"] is True


@pytest.mark.parametrize("choice, phrase", [
    ({"call": 7}, "differentiates 6 times: choose a call from 1 to 6, not 7"),
    ({"iteration": 6}, "line 5 differentiates 5 times: choose an iteration from 1 to 5, not 6"),
    ({"call": 6, "iteration": 2}, "line 10 differentiates 1 times"),
])
def test_a_choice_out_of_range_says_what_there_is(choice, phrase):
    with pytest.raises(AnalysisError, match=phrase):
        analyze(LOOP, pytorch="off", **choice)
    outcome = analyse_source(LOOP, pytorch="off", **choice)
    assert outcome.analysis is None and phrase in outcome.note


def test_a_program_that_differentiates_nothing_has_no_call_to_choose():
    outcome = analyse_source("import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\n", call=1)
    assert "no call to choose" in outcome.note


def test_the_command_line_chooses_and_refuses(tmp_path, capsys):
    path = tmp_path / "loop.py"
    path.write_text(LOOP)
    assert main(["run", str(path), "--json", "--pytorch", "off", "--iteration", "4"]) == 0
    a = json.loads(capsys.readouterr().out)["analysis"]
    assert (a["call"]["call"], a["call"]["iteration"]) == (4, 4)
    assert main(["run", str(path), "--json", "--call", "9"]) == 2
    assert "choose a call from 1 to 6, not 9" in capsys.readouterr().err
    assert main(["run", str(path), "--call", "0"]) == 2
    assert "expected a whole number from 1" in capsys.readouterr().err
