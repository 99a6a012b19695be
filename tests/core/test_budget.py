"""The analysis's budgets (issue 13): the numeric verdict first, the symbolic J under a budget of its
own that never delays it, and every witness that does not fit reported with the budget it missed
and why, never silently dropped.  No timed assertions: each budget is forced past by setting it to
nothing, and the tests check what the analysis says about it."""
from __future__ import annotations

import time

import numpy as np
import pytest

from core.analysis import analysis as analysis_module
from core.analysis import budget as budget_module
from core.analysis import differences, symbolic_j, trace
from core.analysis.budget import Budget
from core.analysis.pipeline import analyse_source, analyze
from core.interp.limits import Cancelled as InterpreterCancelled
from core.interp.limits import Limits

SMALL = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = (x * x).sum()\nout.backward()\n"
BIG_LEAF = "import torch\nw = torch.ones(5, 6, requires_grad=True)\n(w ** 2).sum().backward()\n"
TANH = ("import torch\ntorch.manual_seed(0)\nW = torch.randn(6, 6, requires_grad=True)\nx = torch.randn(6)\n"
        "out = torch.tanh(W @ torch.tanh(W @ x))\nout.backward(torch.ones(6))\n")


def test_the_numeric_verdict_comes_first_and_the_symbolic_j_after_it():
    seen = []

    def numeric(a):
        # what the caller holds at that moment (the analysis goes on filling in the same object)
        seen.append({"stage": a.stage, "jacobian": dict(a.jacobian), "trace": list(a.trace), "match": a.match,
                     "basis": a.verdict_basis, "on": list(a.verdict_witnesses),
                     "symbolic": a.witnesses["symbolic"]["state"], "json": a.to_json()})
    outcome = analyse_source(SMALL, pytorch="off", numeric=numeric, symbolic_seconds=60)
    (first,) = seen
    assert first["stage"] == "numeric" and first["jacobian"] == {} and first["trace"] == []
    assert first["match"] is True and first["basis"] == "numeric" and first["on"] == ["differences"]
    assert first["symbolic"] == "pending" and first["json"]["stage"] == "numeric"
    assert first["json"]["witnesses"]["pytorch"]["state"] == "pending"
    a = outcome.analysis
    assert a.stage == "complete" and a.verdict_basis == "symbolic" and a.verdict_witnesses == ["symbolic"]
    assert a.jacobian["x"].tolist() == [2.0, 4.0] and a.trace
    assert a.witnesses["symbolic"]["state"] == "agree"
    # the differences, first set beside the engine's one-hot rows, are then judged against the symbolic J
    assert a.witnesses["differences"]["state"] == "agree" and a.differences["match"] is True
    assert a.witnesses["pytorch"]["state"] == "unavailable" and a.witnesses["pytorch"]["reason"] == "off"
    j = a.to_json()
    assert j["stage"] == "complete" and j["verdict_witnesses"] == ["symbolic"]
    assert set(j["witnesses"]) == {"symbolic", "differences", "spot_differences", "pytorch"}


def test_a_symbolic_j_past_the_verdicts_target_is_reported_with_that_budget(monkeypatch):
    # the target (3x the run + 0.5 s) set to nothing: the symbolic stage has no time at all
    monkeypatch.setattr(budget_module, "TARGET_RUNS", 0.0)
    monkeypatch.setattr(budget_module, "TARGET_SLACK", 0.0)
    monkeypatch.setattr(budget_module, "MIN_SYMBOLIC_SECONDS", 0.0)
    outcome = analyse_source(TANH, pytorch="off")
    a = outcome.analysis
    assert outcome.note is None and a.stage == "complete"
    assert a.verdict_basis == "numeric" and a.match is True and a.jacobian == {}
    symbolic = a.witnesses["symbolic"]
    assert symbolic["state"] == "over_budget" and symbolic["budget"]["rule"] == "verdict_target"
    assert symbolic["budget"]["resource"] == "seconds" and symbolic["budget"]["run_seconds"] >= 0
    # it has no time to build the forward's expressions in, already, during the capture run
    assert symbolic["note"].startswith("the symbolic Jacobian is not computed: building the forward's expressions "
                                       "took over 0 s") and symbolic["note"] in a.notes
    # what the verdict rests on instead: the float64 differences against the engine's rows (6x36 leaf: spot checks)
    assert a.verdict_witnesses == ["spot_differences"] and a.witnesses["spot_differences"]["state"] == "agree"
    assert a.to_json()["witnesses"]["symbolic"]["state"] == "over_budget"


def test_the_symbolic_stages_own_budget_is_reported_as_such():
    a = analyze(TANH, pytorch="off", symbolic_seconds=0.0)
    symbolic = a.witnesses["symbolic"]
    assert symbolic["state"] == "over_budget" and symbolic["budget"] == {
        "resource": "seconds", "limit": 0.0, "rule": "symbolic_seconds"}
    assert "differentiating took over 0 s (0 of 6 rows done)" in symbolic["note"] and symbolic["note"] in a.notes
    assert symbolic["rows_done"] == 0 and symbolic["rows"] == 6
    assert a.verdict_basis == "numeric" and a.match is True


def test_the_whole_analysis_deadline_caps_the_symbolic_budget():
    now = time.monotonic()
    end, seconds, rule = Budget(now, 0.1, None, deadline=now - 1).symbolic_deadline()
    assert (end, seconds, rule) == (now - 1, 0.0, "analysis_deadline")
    end, seconds, rule = Budget(now, None, 5.0, deadline=now + 3600).symbolic_deadline()
    assert rule == "symbolic_seconds" and 0 < seconds <= 5.0
    end, seconds, rule = Budget(now, 1000.0, None, deadline=None).symbolic_deadline()
    assert rule == "verdict_target" and end == now + budget_module.TARGET_RUNS * 1000.0 + budget_module.TARGET_SLACK - budget_module.AFTER_SYMBOLIC
    # the expressions built during the capture run share the target, and never exceed the shadow's own
    assert Budget(now, 1000.0, None).shadow_seconds(3.0) == (3.0, "symbolic_expressions")
    assert Budget(now, None, 0.5).shadow_seconds(3.0) == (3.0, "symbolic_expressions")
    seconds, rule = Budget(now - 10, 0.0, None).shadow_seconds(3.0)
    assert rule == "verdict_target" and seconds <= budget_module.MIN_SYMBOLIC_SECONDS


def test_the_shadows_own_budget_binds_when_the_target_leaves_more(monkeypatch):
    from core.symbolic import shadow
    monkeypatch.setattr(shadow, "MAX_SECONDS", -1.0)
    a = analyse_source(TANH, pytorch="off").analysis
    symbolic = a.witnesses["symbolic"]
    assert symbolic["state"] == "over_budget" and symbolic["budget"]["rule"] == "symbolic_expressions"
    assert "building the forward's expressions" in symbolic["note"] and symbolic["budget"]["limit"] == -1.0
    assert a.verdict_basis == "numeric" and a.match is True


def test_differences_past_their_budget_are_reported_and_the_verdict_stands_on_the_rest(monkeypatch):
    monkeypatch.setattr(differences, "MAX_SECONDS", -1.0)
    a = analyze(SMALL, pytorch="off")
    fd = a.witnesses["differences"]
    assert a.differences is None and fd["state"] == "over_budget"
    assert fd["budget"] == {"resource": "seconds", "limit": -1.0, "rule": "difference_replays"}
    assert fd["columns_done"] == 0 and fd["columns"] == 2 and fd["note"] in a.notes
    assert fd["note"] == "float64 differences: 0 checks fitted in -1 s"
    assert a.verdict_basis == "symbolic" and a.match is True and a.verdict_witnesses == ["symbolic"]


def test_spot_checks_cut_short_by_their_budget_say_so_and_still_count(monkeypatch):
    monkeypatch.setattr(differences, "MAX_SECONDS", -1.0)
    a = analyze(BIG_LEAF, pytorch="off")
    spot = a.witnesses["spot_differences"]
    assert a.spot_differences["complete"] is False and spot["complete"] is False
    assert spot["budget"]["rule"] == "difference_replays" and spot["note"] in a.notes
    # not one check fitted: the witness says nothing, and is over budget rather than "agree"
    assert a.spot_differences["directions"] == [] and a.spot_differences["entries"] == []
    assert a.spot_differences["match"] is None and spot["state"] == "over_budget"
    assert a.verdict_basis == "symbolic" and a.verdict_witnesses == ["symbolic"]
    # and without the symbolic J, nothing is left to compare: no verdict, rather than a false "agree"
    b = analyze(BIG_LEAF, pytorch="off", symbolic_seconds=0.0)
    assert b.verdict_basis == "none" and b.match is None and b.verdict_witnesses == []


def test_a_deadline_after_the_numeric_verdict_keeps_it(monkeypatch):
    # the whole analysis's deadline passing in the first stage after the numeric verdict
    def stopped(*args):
        raise InterpreterCancelled()
    monkeypatch.setattr(analysis_module, "_symbolic", stopped)
    outcome = analyse_source(SMALL, pytorch="off", limits=Limits(max_seconds=1, max_analysis_seconds=1))
    a = outcome.analysis
    assert outcome.over_budget and not outcome.cancelled and a is not None
    assert a.stage == "numeric" and a.match is True and a.verdict_basis == "numeric"
    assert any("--max-analysis-seconds" in str(n) for n in a.notes)
    # what had not run yet is over budget, with the whole budget named, not left "pending"
    states = {name: w["state"] for name, w in a.witnesses.items()}
    assert "pending" not in states.values() and states["pytorch"] == states["symbolic"] == "over_budget"
    assert a.witnesses["pytorch"]["budget"]["rule"] == "max_seconds + max_analysis_seconds"
    assert a.witnesses["differences"]["state"] == "agree" and a.verdict_witnesses == ["differences"]


def test_a_cancel_by_the_user_is_still_a_cancel(monkeypatch):
    asked = [False]

    def numeric(a):
        asked[0] = True
    outcome = analyse_source(TANH, pytorch="off", numeric=numeric, cancel=lambda: asked[0], symbolic_seconds=60)
    assert outcome.cancelled and outcome.analysis is None


def test_a_graph_past_the_dot_budget_is_laid_out_in_ranks(monkeypatch):
    monkeypatch.setattr(trace, "MAX_DOT_NODES", 3)
    a = analyze("import torch\nx = torch.tensor([0.5], requires_grad=True)\ny = x\nfor i in range(6):\n"
                "    y = torch.sin(y)\ny.backward()\n", pytorch="off")
    nodes = {n["id"]: n for n in a.graph["nodes"]}
    assert len(nodes) == 7 and all(e["points"] == [] for e in a.graph["edges"])
    # each edge goes down one rank: the output at the top, the leaf at the bottom
    for e in a.graph["edges"]:
        assert nodes[e["target"]]["y"] > nodes[e["source"]]["y"]
    assert a.graph["height"] > max(n["y"] for n in nodes.values()) and a.graph["width"] > 0
    assert [n["kind"] for n in sorted(nodes.values(), key=lambda n: n["y"])][::6] == ["output", "leaf"]


def test_large_arrays_in_the_trace_are_summaries(monkeypatch):
    monkeypatch.setattr(trace, "MAX_SHOWN_ELEMENTS", 3)
    a = analyze("import torch\nx = torch.tensor([1., 2., 3., 4.], requires_grad=True)\n"
                "y = (x * x).sum()\ny.backward()\n", pytorch="off")
    steps = {s["grad_fn"]: s for s in a.trace}
    mul = steps["MulBackward0"]
    assert mul["grads_out"][0]["grad"] is None
    assert mul["grads_out"][0]["grad_summary"]["numel"] == 4 and mul["grads_out"][0]["grad_summary"]["shape"] == [4]
    assert mul["saved"]["self"] is None and mul["saved_summary"]["self"]["max"] == 4.0
    acc = steps["AccumulateGrad"]
    assert acc["grad_after"] is None and acc["grad_after_summary"]["first"] == [2.0, 4.0, 6.0, 8.0]
    leaf = next(n for n in a.graph["nodes"] if n["kind"] == "leaf")
    assert leaf["value"] is None and leaf["value_summary"]["mean"] == 2.5
    # the scalar output and its one-element gradient stay in full
    assert steps["SumBackward0"]["grad_in"] == 1.0 and "grad_in_summary" not in steps["SumBackward0"]
    assert np.allclose(a.backward["x"], [2, 4, 6, 8])


def test_the_pytorch_script_of_a_long_chain_names_its_steps():
    from core.analysis import pytorch
    a = analyze("import torch\nx = torch.tensor([0.5], requires_grad=True)\ny = x\nfor i in range(60):\n"
                "    y = torch.sin(y)\ny.backward()\n", pytorch="off")
    lines = a.pytorch_script.splitlines()
    assert max(len(line) for line in lines) < pytorch.MAX_INLINE_CHARS + 40
    assert max(line.count("(") for line in lines) < 50      # Python's parser refuses 200 nested parentheses


def test_symbolic_j_stops_at_its_deadline():
    from core.analysis.runs import capture, discover, leaves_of
    from core.interp.parse import parse_program
    from core.symbolic.jacobian import OverBudget
    program = parse_program(TANH, "<p>")
    result, events = discover(program, Limits())
    cap = capture(program, Limits(), events[0], None)
    leaves = leaves_of(cap.namespace)
    with pytest.raises(OverBudget):
        symbolic_j.witness(cap, leaves, deadline=time.monotonic() - 1)
    sym = symbolic_j.witness(cap, leaves, deadline=time.monotonic() + 3600)
    assert sym.jacobian["W"].shape == (6, 6, 6)
