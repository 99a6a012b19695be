"""Symbolic entries of J on demand (issue 13): ``--entries`` and the service's "entries" job compute
exactly the entries asked for, within the symbolic stage's budget; an entry over budget is listed as such,
never dropped; a bad selection is refused with a message naming the valid range.  Also ``--symbolic-seconds``
and the analysis's long PyTorch script, written when asked for."""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from core.analysis import entries
from core.analysis.analysis import MAX_LABELS, SCRIPT_AT_ONCE
from core.analysis.pipeline import analyse_source
from core.cli import main
from core.interp.limits import Limits
from tests.core.test_service_protocol import Service, analyze

SQUARES = """import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
w = torch.tensor([0.5, -1.0], requires_grad=True)
y = (x * x).sum(dim=1) * w
y.backward(torch.ones(2))
"""
# J[y_i, x_jk] = 2 x_jk w_i when i == j, else 0;  J[y_i, w_j] = sum_k x_ik^2 when i == j
X = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
W = np.array([0.5, -1.0])
TANH = """import torch
torch.manual_seed(0)
W1 = torch.randn(30, 30, requires_grad=True)
x = torch.randn(30)
out = torch.tanh(W1 @ torch.tanh(W1 @ x))
out.backward(torch.ones(30))
"""


def expected(leaf, i, k):
    if leaf == "x":
        j = k // 3
        return 2 * X.flat[k] * W[i] if i == j else 0.0
    return float((X[i] ** 2).sum()) if i == k else 0.0


def run_json(tmp_path, capsys, source, *args):
    program = tmp_path / "prog.py"
    program.write_text(source)
    code = main(["run", str(program), "--json", "--pytorch", "off", *args])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


# --- the selection: syntax, names, ranges -------------------------------------------------------
def test_a_selection_names_exactly_its_entries_row_first_one_based():
    shape = {"x": (2, 3), "w": (2,)}
    got = entries.resolve(entries.parse("y[2]:x[2,3]; y_1:x_12; y[1]:w; x[1,1]"), ("y", (2,)), shape)
    # y_2/x_23: row 1, column 5; y_1/x_12: row 0, column 1; row 1 of w: 2 entries; the column of x_11: 2
    assert got == [("x", 1, 5), ("x", 0, 1), ("w", 0, 0), ("w", 0, 1), ("x", 0, 0), ("x", 1, 0)]
    assert entries.resolve(entries.parse("y[*]:x[2,*]"), ("y", (2,)), shape) == [
        ("x", i, k) for i in range(2) for k in (3, 4, 5)]
    assert entries.resolve(entries.parse("y[2]"), ("y", (2,)), shape) == (
        [("x", 1, k) for k in range(6)] + [("w", 1, 0), ("w", 1, 1)])
    # the same entry twice is computed once; braces for an index past 9
    assert entries.resolve(entries.parse("y_2:x_{2,3}; y[2]:x[2,3]"), ("y", (2,)), shape) == [("x", 1, 5)]


@pytest.mark.parametrize("text, phrase", [
    ("y[3]:x[1,2]", "'y[3]' is not an element of y: y has shape [2], so write y[i] with i from 1 to 2"),
    ("y[1]:x[0,1]", "x has shape [2, 3], so write x[i,j] with i from 1 to 2, j from 1 to 3 (1-based"),
    ("y[1]:x[1]", "x has shape [2, 3], so write x[i,j]"),
    ("y[1]:z[1]", "'z' is neither the output (y) nor a leaf of J (x, w)"),
    ("x[1,1]:y[1]", "x is not the output: write the output's element first"),
    ("y[1]:y[2]", "y is the output; after ':' comes a leaf of J (x, w)"),
])
def test_a_selection_naming_what_j_does_not_have_says_what_is_valid(text, phrase):
    with pytest.raises(entries.SelectionError) as e:
        entries.resolve(entries.parse(text), ("y", (2,)), {"x": (2, 3), "w": (2,)})
    assert phrase in str(e.value)


@pytest.mark.parametrize("text", ["y[1]:x[1,", "y[1]::x[1]", ":x[1]", "y[1] x[1]", "", " ; "])
def test_a_selection_that_cannot_be_read_is_refused_before_anything_runs(text):
    with pytest.raises(entries.SelectionError) as e:
        entries.parse(text)
    assert "OUT[i,...]:LEAF[k,...]" in str(e.value)


def test_a_selection_of_too_many_entries_is_refused():
    with pytest.raises(entries.SelectionError, match="over 2,000 entries"):
        entries.resolve(entries.parse("out"), ("out", (100,)), {"W": (100, 100)})


# --- computing them ----------------------------------------------------------------------------
def test_run_entries_computes_exactly_the_asked_entries(tmp_path, capsys):
    code, report, _ = run_json(tmp_path, capsys, SQUARES, "--entries", "y[2]:x[2,3]; y_1:x_12",
                               "--entries", "y[1]:w")
    assert code == 0
    found = report["analysis"]["entries"]
    assert (found["state"], found["count"], found["computed"]) == ("complete", 4, 4)
    asked = [(e["leaf"], e["row"], e["column"]) for e in found["entries"]]
    assert asked == [("x", 1, 5), ("x", 0, 1), ("w", 0, 0), ("w", 0, 1)]
    assert [e["output_element"] + "/" + e["leaf_element"] for e in found["entries"]] == [
        "y_2/x_23", "y_1/x_12", "y_1/w_1", "y_1/w_2"]
    for e in found["entries"]:
        assert e["state"] == "computed" and e["value"] == pytest.approx(expected(e["leaf"], e["row"], e["column"]))
        assert e["engine"] == pytest.approx(e["value"], rel=1e-6) and e["match"] is True
    # the expressions, named as J names its entries
    assert found["entries"][0]["latex"] == "2 w_{2} x_{23}"


def test_run_refuses_a_bad_selection_with_the_valid_range(tmp_path, capsys):
    code, report, err = run_json(tmp_path, capsys, SQUARES, "--entries", "y[1]:x[3,1]")
    assert code == 2 and report is None
    assert "x has shape [2, 3], so write x[i,j] with i from 1 to 2, j from 1 to 3" in err
    code, report, err = run_json(tmp_path, capsys, SQUARES, "--entries", "y[1]:x[1,")
    assert code == 2 and "argument --entries: cannot read the selection" in err


def test_entries_over_their_budget_are_each_reported_never_dropped():
    """The symbolic J of TANH does not fit 0 s: every asked entry is listed, over budget, with the budget."""
    outcome = analyse_source(TANH, pytorch="off", symbolic_seconds=0.0, entries="out[1]:W1[1,*]")
    a = outcome.analysis
    assert a.witnesses["symbolic"]["state"] == "over_budget" and a.witnesses["symbolic"]["on_demand"] is True
    found = a.to_json()["entries"]
    assert (found["state"], found["count"], found["computed"]) == ("over_budget", 30, 0)
    assert [e["column"] for e in found["entries"]] == list(range(30))
    assert {e["state"] for e in found["entries"]} == {"over_budget"}
    assert found["budget"] == {"resource": "seconds", "limit": 0.0, "rule": "symbolic_seconds"}
    assert "0 of 30 entries of J were computed" in found["note"]


def test_entries_beyond_the_symbolic_j_s_budget_are_computed_on_demand():
    """J over its budget (no J in the analysis), yet the entries asked for are computed, and agree with
    the engine's one-hot rows."""
    outcome = analyse_source(TANH, pytorch="off", symbolic_seconds=0.0)
    a = outcome.analysis
    assert a.jacobian == {} and a.entries is None
    budget = type("B", (), {"entries_deadline": lambda self: (time.monotonic() + 30, 30.0, "symbolic_seconds"),
                            "describe": lambda self, s, r: {"limit": s, "rule": r}})()
    found = entries.for_analysis(a, "out[3]:W1[2,5]; out[30]:W1[30,30]", budget)
    assert [(e["row"], e["column"], e["state"]) for e in found["entries"]] == [(2, 34, "computed"),
                                                                             (29, 899, "computed")]
    J = a.engine_jacobian["W1"].reshape(30, 900)
    for e in found["entries"]:
        assert e["value"] == pytest.approx(J[e["row"], e["column"]], rel=1e-4, abs=1e-6) and e["match"] is True


def test_entries_of_a_leaf_too_large_for_symbols_are_unavailable_and_say_why():
    big = "import torch\nw = torch.ones(200, 200, requires_grad=True)\n(w * w).sum().backward()\n"
    found = analyse_source(big, pytorch="off", entries="out:w[1,1]").analysis.entries
    assert found["state"] == "unavailable" and found["computed"] == 0 and len(found["entries"]) == 1
    assert "the symbols were not followed" in found["note"]


# --- the service --------------------------------------------------------------------------------
def test_the_service_computes_an_entry_the_window_clicks(tmp_path):
    service = Service(tmp_path / "stderr.log")
    try:
        # no analysis yet: an answer saying so
        service.send({"kind": "entries", "id": 1, "leaf": "x", "i": 0, "k": 0})
        kind, job_id, result = service.answer(30)
        assert (kind, job_id) == ("entries", 1) and "no analysis" in result["error"]
        analyze(service, 2, SQUARES)
        service.send({"kind": "entries", "id": 3, "leaf": "x", "i": 1, "k": 5})
        kind, job_id, result = service.answer(30)
        assert (kind, job_id) == ("entries", 3) and result["selection"] == "y[2]:x[2,3]"
        (e,) = result["entries"]
        assert (e["leaf"], e["row"], e["column"], e["state"]) == ("x", 1, 5, "computed")
        assert e["value"] == pytest.approx(expected("x", 1, 5))
        service.send({"kind": "entries", "id": 4, "entries": "y[1]:x[9,9]"})
        kind, job_id, result = service.answer(30)
        assert (kind, job_id) == ("entries", 4) and "x has shape [2, 3]" in result["error"]
        service.send({"kind": "entries", "id": 5, "entries": 7})      # the message's schema
        kind, job_id, why = service.answer(30)
        assert (kind, job_id) == ("failed", 5) and "'entries' must be a selection" in why
    finally:
        service.close()


# --- --symbolic-seconds ---------------------------------------------------------------------------
def test_symbolic_seconds_is_the_symbolic_stage_s_own_budget_on_the_command_line(tmp_path, capsys):
    code, report, _ = run_json(tmp_path, capsys, TANH, "--symbolic-seconds", "0.01")
    w = report["analysis"]["witnesses"]["symbolic"]
    assert code == 0 and w["state"] == "over_budget"
    assert w["budget"] == {"resource": "seconds", "limit": 0.01, "rule": "symbolic_seconds"}
    code, report, err = run_json(tmp_path, capsys, TANH, "--symbolic-seconds", "0")
    assert code == 2 and "--symbolic-seconds: expected a number of seconds between 0.01 and 86400" in err


def test_symbolic_seconds_is_declared_once_as_a_limit():
    """The app's settings (the limits editor lists Limits) and the service take it from Limits."""
    assert Limits().max_symbolic_seconds == Limits.max_symbolic_seconds
    assert Limits().DESCRIPTIONS["max_symbolic_seconds"][1] == "--symbolic-seconds"
    assert Limits.checked(max_symbolic_seconds=2).max_symbolic_seconds == 2.0


# --- what the analysis leaves to be asked for ------------------------------------------------------
def test_a_long_pytorch_script_is_written_when_asked_for_not_during_the_analysis():
    source = "import torch\na = torch.randn(150, 150, requires_grad=True)\n(a * a).sum().backward()\n"
    a = analyse_source(source, pytorch="off").analysis
    first = a.to_json()
    assert 150 * 150 > SCRIPT_AT_ONCE
    assert first["pytorch_script"] is None and first["pytorch_script_deferred"] is True
    script = a.pytorch_script
    assert script is not None and "backward" in script
    assert a.to_json()["pytorch_script"] == script and a.to_json()["pytorch_script_deferred"] is False
    small = analyse_source(SQUARES, pytorch="off").analysis.to_json()
    assert small["pytorch_script"] is not None and small["pytorch_script_deferred"] is False


def test_labels_name_the_first_elements_of_a_large_leaf_only():
    source = "import torch\nw = torch.ones(100, 100, requires_grad=True)\n(w * 2).sum().backward()\n"
    labels = analyse_source(source, pytorch="off").analysis.labels["w"]
    assert len(labels) == MAX_LABELS < 100 * 100
    assert labels[:2] == ["w_11", "w_12"] and labels[-1] == f"w_{{{MAX_LABELS // 100 + 1},{MAX_LABELS % 100}}}"


def test_the_cli_writes_a_deferred_script_when_asked(tmp_path, capsys):
    out = tmp_path / "script.py"
    source = "import torch\na = torch.randn(150, 150, requires_grad=True)\n(a * a).sum().backward()\n"
    code, report, _ = run_json(tmp_path, capsys, source, "--pytorch-script", str(out))
    assert code == 0 and report["analysis"]["pytorch_script"] == Path(out).read_text()


def test_the_help_of_symbolic_seconds_and_entries(capsys):
    """--symbolic-seconds says its command-line default as core.analysis.budget declares it (the parser is
    built without loading the analysis, so the text is written out and held to the declaration here)."""
    from core.analysis.budget import TARGET_RUNS, TARGET_SLACK
    assert main(["run", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert f"{TARGET_RUNS:g}x the program's run + {TARGET_SLACK:g} s (the app: {Limits.max_symbolic_seconds:g})" in text
    assert "--entries SELECTION" in text and "'out[1]:x[1,2]' (or 'out_1:x_12'" in text


def test_the_script_of_a_long_chain_of_operations_is_written_when_asked_for():
    from core.analysis.analysis import SCRIPT_OPS_AT_ONCE
    n = SCRIPT_OPS_AT_ONCE + 100
    source = ("import torch\nx = torch.tensor([0.5], requires_grad=True)\ny = x\nfor i in range(%d):\n"
              "    y = torch.sin(y)\ny.backward()\n" % n)
    a = analyse_source(source, pytorch="off").analysis
    assert a.to_json()["pytorch_script_deferred"] is True
    assert a.pytorch_script.count("torch.sin(") == n
