"""The analysis's shortcuts for speed (issue 13: a 20,000-op chain within its target) give what the
long way gives: the collector's freezing between stages lets nothing leak from one analysis to the next,
and it is off only for stages that run none of the program's code; the replays of one tape that share
how each entry is computed give the numbers a fresh replay gives; a step's local derivative looked up
once per kind of node is the one derived for that node; a scalar step's numbers are written as any
other's (non-finite ones as strings); a chain's fold signatures are the general rule's; and the
engine's one-hot rows put off past the numeric answer still arrive."""
from __future__ import annotations

import gc
import types
import weakref

import numpy as np
import pytest

from core.analysis import analysis as analysis_module
from core.analysis import differences, folding, runs
from core.analysis.collector import analysis_gc, paused, settle
from core.analysis.pipeline import analyse_source
from core.analysis.runs import capture, discover, leaves_of
from core.analysis.trace import BackwardStep
from core.interp import Limits
from core.interp.parse import parse_program
from core.symbolic.derivative import node_local

needs_gc = pytest.mark.skipif(not gc.isenabled(), reason="the collector is off in this process")


class _Cell:
    pass


@needs_gc
def test_an_analysis_gives_back_all_it_froze():
    before = gc.get_freeze_count()
    with analysis_gc():
        kept = [_Cell() for _ in range(10)]
        settle()
        assert gc.get_freeze_count() > before
        with analysis_gc():       # a nested one (entries on demand inside an analysis) does not unfreeze
            settle()
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == 0 and kept


def test_settling_outside_an_analysis_freezes_nothing():
    settle()
    assert gc.get_freeze_count() == 0


@needs_gc
def test_the_garbage_an_analysis_froze_is_collected_when_the_next_one_begins(monkeypatch):
    from core.analysis import collector
    monkeypatch.setattr(collector, "GROWTH", 0)      # any growth: as after a large analysis
    with analysis_gc():
        cell = _Cell()
        cell.me = cell          # a cycle: only the collector frees it
        ref = weakref.ref(cell)
        del cell
        gc.freeze()             # as settle() freezes garbage that was already old
    with analysis_gc():
        # frozen again, the previous analysis's garbage would live on for as long as analyses follow
        assert ref() is None


@needs_gc
def test_a_run_s_graph_is_freed_after_its_analysis():
    source = ("import torch\nx = torch.tensor([0.5], requires_grad=True)\ny = x\nfor i in range(300):\n"
              "    y = torch.sin(y)\ny.backward()\n")
    outcome = analyse_source(source, pytorch="off")
    leaf = weakref.ref(outcome.result.namespace["x"])
    assert outcome.analysis.match is True and len(outcome.analysis.trace) == 301
    del outcome
    gc.collect()
    assert leaf() is None


PROMOTING = """
import torch
x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
k = torch.tensor([1, 2, 3])
w = torch.tensor([0.25, 0.5, 0.75], dtype=torch.float64, requires_grad=True)
y = (x * k + 2) * w
z = torch.sin(y.float()).pow(2).sum()
z.backward()
"""


def test_replays_sharing_their_plans_give_a_fresh_replay_s_numbers():
    program = parse_program(PROMOTING, "<p>")
    result, events = discover(program, Limits())
    cap = capture(program, Limits(), events[0], "z")
    entries, aliases = cap.tape.entries, cap.tape.aliases
    where = differences._nudge_points(entries, leaves_of(cap.namespace))
    plans = {}
    first = differences.replay(entries, None, aliases, plans)
    assert plans        # every entry's plan kept for the next replays
    nudge = {where[id(cap.namespace["x"])]: np.array([1e-3, 0.0, -2e-3])}
    shared = differences.replay(entries, nudge, aliases, plans)
    fresh = differences.replay(entries, nudge, aliases)
    for key, (value, version) in fresh.items():
        assert np.asarray(shared[key][0]).dtype == np.asarray(value).dtype
        np.testing.assert_array_equal(shared[key][0], value)
        assert shared[key][1] == version
    assert not np.array_equal(first[id(cap.output)][0], shared[id(cap.output)][0])   # the nudge moved it


LOCALS = """
import torch
x = torch.tensor([0.5, 1.5], requires_grad=True)
c = torch.tensor([2.0, 3.0])
a = x * c
b = a * x
d = torch.sin(b)
e = torch.sin(d).sum()
e.backward()
"""


def test_each_step_s_local_derivative_is_the_one_derived_for_its_node():
    outcome = analyse_source(LOCALS, pytorch="off")
    a = outcome.analysis
    out = a.state[0]
    nodes, stack = {}, [out.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is not None and f"n{id(fn):x}" not in nodes:
            nodes[f"n{id(fn):x}"] = fn
            stack.extend(n for n, _ in fn.next_functions)
    muls = [s for s in a.trace if s["grad_fn"] == "MulBackward0"]
    assert len(muls) == 2       # x * c (one input wants a gradient) and a * x (both do): two derivations
    for step in a.trace:
        local = node_local(nodes[step["node"]])
        assert (step["local"], step["local_notes"]) == (local.latex, [str(n) for n in local.notes])


def test_a_scalar_step_s_numbers_are_written_as_any_other_s():
    step = BackwardStep(0, "n1", "SinBackward0", "y", ["x"], np.array([np.inf]),
                        saved={"self": np.array(0.5), "other": np.array([[np.nan]])})
    step.grads_out.append(("n2", "x", np.array([-np.inf]), 0))
    step.grad_after = np.array(2.5)
    j = step.to_json()
    assert j["grad_in"] == ["inf"] and j["grads_out"][0]["grad"] == ["-inf"]
    assert j["saved"] == {"self": 0.5, "other": [["nan"]]} and j["grad_after"] == 2.5


def test_a_one_node_segment_s_signature_is_the_general_rule_s():
    by_id = {"a": {"kind": "op", "grad_fn": "SinBackward0"}, "b": {"kind": "op", "grad_fn": "MulBackward0"},
             "o": {"kind": "output", "grad_fn": "SumBackward0"}}
    leaving = {"a": [{"source": "a", "target": "b", "input": 0}],
               "b": [{"source": "b", "target": "x", "input": 1}, {"source": "b", "target": "a", "input": 0}]}
    for node in ("a", "b"):
        # the general rule, as a two-node segment of which the second never matches an edge
        pos_sig = folding._signature([node, "o2"], leaving, {**by_id, "o2": {"kind": "op", "grad_fn": "X"}})
        fast = folding._signature([node], leaving, by_id)
        assert fast[0] == (by_id[node]["grad_fn"],)
        assert fast[1] == tuple(e for e in pos_sig[1] if e[0] == 0)
    assert folding._signature(["o"], leaving, by_id) is None


def test_the_engine_s_rows_come_after_the_numeric_answer_and_match_j():
    # v given by the program, leaves too large for a column of differences each: the numeric answer
    # needs backward(v) only; the one-hot rows ("J row by row") are computed after it
    source = ("import torch\ntorch.manual_seed(0)\nW = torch.randn(6, 6, requires_grad=True)\nx = torch.randn(6)\n"
              "out = torch.tanh(W @ torch.tanh(W @ x))\nout.backward(torch.ones(6))\n")
    seen = []
    outcome = analyse_source(source, pytorch="off", symbolic_seconds=60,
                             numeric=lambda a: seen.append((dict(a.engine_jacobian), a.to_json()["engine_jacobian"])))
    ((rows, rows_json),) = seen
    assert rows == {} and rows_json == {}
    a = outcome.analysis
    assert a.stage == "complete" and a.witnesses["symbolic"]["state"] == "agree"
    assert a.engine_jacobian["W"].shape == (6, 6, 6)
    np.testing.assert_allclose(a.engine_jacobian["W"], a.jacobian["W"], rtol=1e-5, atol=1e-6)
    assert a.to_json()["engine_jacobian"]["W"] == np.asarray(a.engine_jacobian["W"]).tolist()


@needs_gc
def test_a_stage_running_none_of_the_program_s_code_runs_with_the_collector_off():
    with analysis_gc():
        with paused():
            assert not gc.isenabled()
        assert gc.isenabled()
        with paused(False):       # the program's code runs in it: on
            assert gc.isenabled()
    with paused():                # outside an analysis: left as it is
        assert gc.isenabled()


HOOKED = {
    "plain": ("", True),
    "a tensor hook": ("y.register_hook(lambda g: g * 2)\n", False),
    "a leaf's hook": ("x.register_hook(lambda g: g * 2)\n", False),
    "retain_grad": ("y.retain_grad()\n", False),
}


@pytest.mark.parametrize("case", HOOKED)
def test_the_program_s_code_in_a_backward_is_found(case):
    line, quiet = HOOKED[case]
    source = ("import torch\nx = torch.tensor([0.5, 2.0], requires_grad=True)\ny = torch.sin(x) * x\n" + line
              + "z = y.sum()\nz.backward()\n")
    a = analyse_source(source, pytorch="off").analysis
    assert analysis_module._program_code(a.state[0]) == ([], quiet)
    assert a.match is True and len(a.trace) >= 4


def test_a_custom_backward_is_the_program_s_code():
    source = """
import torch
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 3 * x ** 2 * g
x = torch.tensor([0.5, 2.0], requires_grad=True)
z = Cube.apply(x).sum()
z.backward()
"""
    a = analyse_source(source, pytorch="off").analysis
    assert analysis_module._program_code(a.state[0]) == (["Cube"], False)
    assert a.match is True


def test_the_capture_run_settles_every_so_many_operations_while_its_tape_keeps_them(monkeypatch):
    settled = []
    monkeypatch.setattr(runs, "settle", lambda: settled.append(1))
    monkeypatch.setattr(runs, "SETTLE_EVERY", 2)
    recorder = types.SimpleNamespace(too_large=False)
    settler = runs._Settler(recorder)
    for _ in range(5):
        settler.on_apply(None, (), {}, None)
    assert len(settled) == 2
    recorder.too_large = True       # the tape let its tensors go: a training loop's garbage is the collector's
    for _ in range(4):
        settler.on_apply(None, (), {}, None)
    assert len(settled) == 2


@needs_gc
def test_a_small_analysis_does_not_make_the_next_one_walk_every_object(monkeypatch):
    """A full pass walks the whole process (0.1 s with torch loaded; seconds in a test process): the next
    analysis starts with one only when those before it froze GROWTH objects more than the process keeps."""
    from core.analysis import collector
    source = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\n(x * x).sum().backward()\n"
    full = []
    collect = gc.collect

    def counting(generation=2):
        if generation == 2:
            full.append(1)
        return collect(generation)
    monkeypatch.setattr(gc, "collect", counting)
    for _ in range(4):
        analyse_source(source, pytorch="off")
    assert full == []
    monkeypatch.setattr(collector, "GROWTH", -1)    # as after a large analysis: the next starts with a pass
    analyse_source(source, pytorch="off")
    analyse_source(source, pytorch="off")
    assert len(full) == 1
