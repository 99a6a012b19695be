"""The one analysis pipeline (core.analysis.pipeline): how often it runs the program, the
engine's one-hot rows in the JSON, the strict v on every path, and the central differences
computed from the recorded tape instead of from runs of the program."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from core.analysis import AnalysisError, analyze
from core.analysis.analysis import choose
from core.analysis.pipeline import GradTensorError, analyse_source, check_grad_tensor, parse_grad_tensor
from core.analysis.runs import capture, discover, leaves_of
from core.analysis.verdict import compare, mismatch
from core.context import Observer

REPO_ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = sorted((REPO_ROOT / "tests" / "data" / "examples").glob("*.py")) + sorted(
    (REPO_ROOT / "resources" / "lessons").glob("*.py"))
SCALAR = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = (x * x).sum()\nout.backward()\n"
VECTOR = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = x * x\n"


def test_there_are_programs():
    assert len(PROGRAMS) >= 30


@pytest.fixture(scope="module")
def outcomes():
    """Every example and lesson through the pipeline, as the CLI and the app run them."""
    return {p.name: analyse_source(p.read_text(encoding="utf-8"), filename=p.name, pytorch="off")
            for p in PROGRAMS}


def test_the_program_is_interpreted_at_most_three_times(outcomes):
    analysed = {name: o.analysis_json()["program_runs"] for name, o in outcomes.items() if o.analysis is not None}
    assert len(analysed) >= 25
    assert all(1 <= runs <= 3 for runs in analysed.values()), analysed
    # discover and capture: nothing else interprets the program any more
    assert set(analysed.values()) == {2}


def test_engine_jacobian_in_the_json_is_j(outcomes):
    compared = 0
    for name, o in outcomes.items():
        if o.analysis is None:
            continue
        a = o.analysis_json()
        assert isinstance(a["engine_jacobian"], dict)
        if not a["match"]:
            continue   # a lesson's deliberately wrong custom backward: the engine's rows are its own
        for leaf, rows in a["engine_jacobian"].items():
            J = o.analysis.jacobian[leaf]
            E = np.array(rows, dtype=float)
            assert E.shape == J.shape, name
            defined = np.isfinite(J)
            assert compare(J[defined], E[defined])[1], (name, leaf)
            assert not mismatch(J, E)[defined].any(), (name, leaf)
            compared += 1
    assert compared >= 20


def test_engine_jacobian_is_empty_when_not_computed():
    a = analyze("import torch\nx = torch.ones(3, requires_grad=True)\nout = x.repeat(150)\n",
                grad_tensor=[1.0] * 450, pytorch="off")
    assert a.engine_jacobian == {} and a.to_json()["engine_jacobian"] == {}
    assert a.to_json()["program_runs"] == 2


def test_run_results_are_the_programs_own_run(outcomes):
    o = outcomes["seed_03_hook_print.py"]
    assert o.result.error is None and o.result.stdout  # the hook printed, in the run the user sees
    rejected = analyse_source("import subprocess\n")
    assert rejected.result.error.kind == "rejected" and rejected.analysis is None and rejected.note is None


# --- one strict v -------------------------------------------------------------------------------

@pytest.mark.parametrize("bad, why", [
    ("[NaN, 1]", "NaN is not allowed"), ("[1, Infinity]", "Infinity is not allowed"),
    ("[[1, 2], [3]]", "ragged"), ("[1, \"a\"]", "is not a number"), ("[true, 1]", "is not a number"),
    ("null", "is not a number"), ("[1, 2", "not valid JSON"), ("[" * 40 + "1" + "]" * 40, "nested too deeply"),
])
def test_the_strict_parser(bad, why):
    with pytest.raises(GradTensorError) as error:
        parse_grad_tensor(bad)
    assert why in error.value.why
    assert isinstance(error.value, AnalysisError)


@pytest.mark.parametrize("value", [[math.nan, 1.0], [1.0, math.inf], np.array([1.0, np.nan]), [[1.0], [2.0, 3.0]],
                                   [1.0, True]])
def test_the_analysis_path_rejects_what_the_cli_rejects(value):
    with pytest.raises(AnalysisError, match="the gradient v must be"):
        analyze(VECTOR, grad_tensor=value, pytorch="off")
    o = analyse_source(VECTOR, grad_tensor=value, pytorch="off")
    assert o.analysis is None and o.note.startswith("the gradient v must be")
    assert o.result.error is None  # the program still ran: its output is shown beside the note


def test_text_v_goes_through_the_strict_parser_too():
    with pytest.raises(AnalysisError, match="NaN is not allowed"):
        analyze(VECTOR, grad_tensor="[NaN, 1]", pytorch="off")
    assert analyze(VECTOR, grad_tensor="[1, 0]", pytorch="off").backward["x"].tolist() == [2.0, 0.0]
    assert check_grad_tensor([[1, 0], [0, 1]]) == (2, 2) and check_grad_tensor(2.5) == ()


class _Conn:
    def __init__(self):
        self.sent = []

    def send(self, message):
        self.sent.append(message)


def test_the_service_uses_the_strict_parser():
    from core.service import _Counter, _Service
    conn = _Conn()
    service = _Service(conn, _Counter())
    outcome = service.analyze({"id": 1, "source": VECTOR, "v": [float("nan"), 1.0]})
    assert outcome["analysis"] is None and "finite" in outcome["note"] and not outcome["cancelled"]
    assert outcome["run"]["error"] is None
    good = service.analyze({"id": 2, "source": VECTOR, "v": [1.0, 0.0]})
    assert good["analysis"]["backward"] == {"x": [2.0, 0.0]} and good["analysis"]["program_runs"] == 2
    assert [m[3] for m in conn.sent if m[0] == "progress"][:2] == ["running the program", "symbolic Jacobian"]


# --- central differences from the tape ----------------------------------------------------------

class _Nudge(Observer):
    """The observer the analysis used to run the program with, once per nudged leaf element."""

    def __init__(self, ordinal, element, delta):
        self.ordinal, self.element, self.delta, self.count = ordinal, element, delta, 0

    def on_leaf(self, t):
        if self.count == self.ordinal:
            t._ensure_array().reshape(-1)[self.element] += self.delta
        self.count += 1


def rerun_differences(source, h=1e-6):
    """J by central differences as the analysis computed them before the tape: the program
    itself run twice per leaf element, in float64, the leaf nudged as it is made."""
    from core import dtypes
    from core.interp import Limits, run_program
    from core.interp.parse import parse_program
    from core.interp.run import StopRun
    program, limits = parse_program(source), Limits()
    result, events = discover(program, limits)
    event, name = choose(events, result)
    cap = capture(program, limits, event, name)
    ordinals = {id(t): k for k, (t, _) in enumerate(cap.shadow.leaves)}
    fd = {}
    for leaf, t in leaves_of(cap.namespace):
        cols = []
        for e in range(t.numel()):
            step = h * max(1.0, abs(float(np.asarray(t._data, dtype=np.float64).ravel()[e])))
            ends = []
            for delta in (step, -step):
                box, seen = {}, [0]

                def observe(kind, outputs, grads, interp, *flags):
                    if seen[0] == event.ordinal:
                        box["out"] = outputs[0]
                        raise StopRun()
                    seen[0] += 1
                r = run_program(source, program=program, limits=limits, observer=observe,
                                observers=(_Nudge(ordinals[id(t)], e, delta),), default_dtype=dtypes.float64)
                assert r.error is None or "out" in box
                ends.append(np.array(box["out"]._data, dtype=np.float64))
            cols.append(((ends[0] - ends[1]) / (2 * step)).ravel())
        fd[leaf] = np.array(cols).T.reshape(tuple(cap.output.shape) + tuple(t.shape))
    return fd


@pytest.mark.parametrize("path", [
    "tests/data/examples/seed_11_jacobian_index_assign.py",   # writes through views (CopySlices)
    "tests/data/examples/seed_07_linear_xw_plus_b.py",        # two leaves, matmul
    "resources/lessons/07_requires_grad_detach.py",           # detach() and no_grad values move with the leaf
    "resources/lessons/14_softmax_cross_entropy.py",
    "resources/lessons/15_tiny_mlp_step.py",
    "tests/data/oracle/eng_clone_detach.py",                  # a write through a detached alias of the leaf
    "tests/data/oracle/eng_data_attribute.py",                # a write through x.data
])
def test_tape_replay_differences_equal_the_rerun_differences(path):
    source = (REPO_ROOT / path).read_text(encoding="utf-8")
    a = analyze(source, pytorch="off")
    old = rerun_differences(source)
    assert a.differences is not None and set(a.differences["jacobian"]) == set(old)
    for leaf, fd in old.items():
        np.testing.assert_allclose(a.differences["jacobian"][leaf], fd, rtol=1e-6, atol=1e-8, err_msg=leaf)


def test_tape_replay_differences_are_float64_even_where_the_program_asks_for_float32():
    # the re-runs kept an explicit float32 in float32, where a step of 1e-6 is noise
    a = analyze((REPO_ROOT / "tests/data/examples/seed_10a_arange_sum.py").read_text(), pytorch="off")
    assert a.differences["match"] and a.differences["max_abs_diff"] < 1e-6
    assert np.allclose(a.differences["jacobian"]["x"], a.jacobian["x"], rtol=1e-7)
    assert not any("central differences" in n for n in a.notes)


def test_tape_replay_sees_no_grad_values_move_with_the_leaf():
    a = analyze("import torch\nx = torch.tensor([1., 2.], requires_grad=True)\n"
                "with torch.no_grad():\n    c = x * 3\nout = (x * c).sum()\nout.backward()\n", pytorch="off")
    # autograd: d/dx (x * c) = c = 3x; the forward itself: 6x
    assert np.allclose(a.jacobian["x"], [3., 6.]) and np.allclose(a.differences["jacobian"]["x"], [6., 12.])
    assert a.match and not a.differences["match"] and any("torch.no_grad()" in n for n in a.notes)


def test_a_tape_that_cannot_give_the_programs_numbers_back_leaves_the_differences_out():
    # x's numbers change behind the tape's back (a no_grad write to a copy that .data swaps in)
    src = ("import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nx.data = torch.tensor([5., 6.])\n"
           "out = (x * x).sum()\nout.backward()\n")
    a = analyze(src, pytorch="off")
    assert a.differences is None and a.match
    assert any(n.startswith("float64 central differences are not shown") for n in a.notes)


def test_a_full_tape_stops_recording_and_the_capture_goes_on(monkeypatch):
    from core.analysis import tape
    small = tape.Tape
    monkeypatch.setattr(tape, "Tape", lambda: small(max_elements=10))
    src = "import torch\nx = torch.ones(3, requires_grad=True)\nc = torch.ones(20)\nout = (x * c[:3]).sum()\nout.backward()\n"
    a = analyze(src, pytorch="off")
    assert a.match and np.allclose(a.jacobian["x"], [1., 1., 1.])   # the symbolic capture ran to the end
    assert a.differences is None and a.pytorch_script is None and a.program_runs == 2
    assert any("too large to replay in PyTorch" in n for n in a.notes)


HOOKED = """import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
def slow(g):
    total = 0
    for i in range(90000):
        total += i
    return g
x.register_hook(slow)
y = (x * x).sum()
y.backward()
"""


@pytest.mark.parametrize("after", [3, 20, 200])
def test_a_cancel_that_stops_a_hook_in_the_analysis_is_a_cancelled_outcome(after):
    # the hook runs again in the analysis's traced backward; a cancel there raised the interpreter's
    # Cancelled (a BaseException) out of the pipeline, and the app's analysis process died with it
    from core.analysis.pipeline import analyse_source

    seen = {"ran": False, "asked": 0}

    def cancel():
        if seen["ran"]:
            seen["asked"] += 1
        return seen["asked"] >= after

    outcome = analyse_source(HOOKED, cancel=cancel, ran=lambda result: seen.update(ran=True), pytorch="off")
    assert outcome.cancelled and outcome.result.error is None


def test_a_leaf_given_another_shape_through_data_before_use_is_differentiated_in_its_new_shape():
    """A student's ``linear.bias.data = torch.Tensor([0.0])`` on a Linear(2, 2): the bias is one number
    broadcast to both outputs; J once kept the bias's first shape (2 x 2) and said "disagree"."""
    src = ("import torch\nlinear = torch.nn.Linear(2, 2)\nlinear.bias.data = torch.Tensor([0.0])\n"
           "out = linear(torch.ones(1, 2))\n")
    a = analyze(src, pytorch="off")
    assert a.match, a.notes
    assert np.array_equal(np.asarray(a.jacobian["linear.bias"], dtype=float).reshape(2, 1), [[1.0], [1.0]])


def test_a_leaf_given_another_shape_after_use_has_no_symbolic_jacobian_and_says_why():
    src = ("import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n"
           "x.data = torch.ones(3)\nout = (x * 3).sum()\nout.backward()\nprint(x.grad)\n")
    a = analyze(src, pytorch="off")
    assert a.witnesses["symbolic"]["state"] == "unavailable"
    assert a.witnesses["symbolic"]["reason"] == "data_replaced"
    assert any("another shape through .data" in n for n in a.notes)
    assert a.match is None           # no witness left: never a "disagree" made of a leaf in two shapes
    assert np.array_equal(a.backward["x"], [3.0, 3.0, 3.0])
