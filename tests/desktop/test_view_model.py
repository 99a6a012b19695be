"""The typed view of an analysis (desktop.view_model), built from core's real JSON: a lesson's
complete analysis, the service's first (numeric) answer, and the JSON read back from text."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import resources
from core.analysis import analyze
from core.analysis.pipeline import analyse_source
from core.translatable import Text
from desktop.results.values import marked_cells
from core.report_json import run_to_json
from desktop.view_model import (AnalysisView, Call, EntriesAnswer, PathsAnswer, RunView, TraceStep, calls_signature,
                                view_of)
from tests.desktop.test_results import WRONG_BACKWARD

INDEX_ASSIGN = "10_jacobian_index_assign.py"      # y[0, 0] = x0**2 + x1 ...; out = 2 * y; three backward calls
HOOKS = "06_hooks_retain_grad.py"                 # y = 3 * x, a hook and retain_grad on y, out = y ** 2


@pytest.fixture(scope="module")
def index_assign() -> dict:
    return analyze(resources.read_lesson(INDEX_ASSIGN), pytorch="off").to_json()


@pytest.fixture(scope="module")
def hooks_partial() -> dict:
    """The numeric stage's answer, as the service sends it first."""
    first = []
    analyse_source(resources.read_lesson(HOOKS), pytorch="off", numeric=lambda a: first.append(a.to_json()))
    assert first, "the pipeline gave a numeric stage"
    return first[0]


def test_a_complete_analysis_reads_as_typed_fields(index_assign):
    view = AnalysisView.from_json(index_assign)
    assert view.stage == "complete" and not view.is_numeric_stage
    assert view.output == "out" and view.output_shape == [1, 2] and view.output_labels == ("out_11", "out_12")
    assert view.leaf_names == ["x"] and view.line == 10
    x = view.leaf("x")
    assert x.shape == [1, 2] and x.labels == ("x_11", "x_12")
    assert x.jacobian == [[[[12.0, 2.0]], [[2.0, 96.0]]]] and x.engine_jacobian == x.jacobian
    assert x.vjp == [[14.0, 98.0]] and x.backward == [[14.0, 98.0]]
    assert x.jacobian_latex.startswith(r"\left[\begin{matrix}")
    assert x.mismatch.count == 0 and marked_cells(x.mismatch, x.shape) == set()
    assert view.match is True and view.verdict_basis == "symbolic" and view.verdict_witnesses == ("symbolic",)
    assert view.symbolic.state == "agree" and view.witnesses["differences"].state == "agree"
    assert view.witnesses["pytorch"].state == "unavailable" and view.witnesses["pytorch"].reason == "off"
    assert view.differences.match and view.pytorch is None and view.engine_error is None
    assert view.has_v and view.has_vjp and view.has_backward and view.grad_tensor_source == "program"


def test_the_calls_of_the_program_are_typed_and_their_signature_is_the_dicts(index_assign):
    view = AnalysisView.from_json(index_assign)
    assert view.calls_total == 3 and [c.line for c in view.calls] == [10, 13, 16]
    assert view.call == Call(1, 10, 1, 1, "backward", ("out",))
    assert view.calls_signature() == calls_signature(index_assign) == calls_signature(view)
    assert calls_signature(None) == (0, ())


def test_the_graph_and_the_trace_are_typed_and_tied_by_node_ids(index_assign):
    view = AnalysisView.from_json(index_assign)
    ids = {n.id for n in view.graph.nodes}
    assert view.graph.json is index_assign["graph"]           # the graph view draws core's laid-out dict
    assert {n.kind for n in view.graph.nodes} >= {"output", "op", "leaf"}
    assert all(e.source in ids and e.target in ids and isinstance(e.input, int) for e in view.graph.edges)
    assert [s.grad_fn for s in view.trace] == [s["grad_fn"] for s in index_assign["trace"]]
    first, last = view.trace[0], view.trace[-1]
    assert first.grad_fn == "MulBackward0" and first.output_name == "out" and first.input_names == ("y", None)
    assert first.saved == (("other", 2.0),) and first.grad_in == [[1.0, 1.0]]
    assert [(g.to in ids, g.input, g.grad) for g in first.grads_out] == [(True, "y", [[2.0, 2.0]])]
    assert view.graph.node(first.node).name == "out"
    assert last.is_leaf and last.leaf == "x" and last.grad_before is None and last.grad_after == [[14.0, 98.0]]
    copy_slices = next(s for s in view.trace if s.grad_fn == "CopySlices")
    assert copy_slices.local is None and copy_slices.local_notes
    assert all(isinstance(n, str) for n in copy_slices.local_notes)


def test_a_numeric_stage_builds_without_j_graph_or_trace(hooks_partial):
    view = view_of(hooks_partial)
    assert view.stage == "numeric" and view.is_numeric_stage
    assert view.symbolic.state == "pending" and view.verdict_basis == "numeric"
    assert view.verdict_witnesses == ("differences",) and view.match is True
    x = view.leaf("x")
    assert x.jacobian is None and x.vjp is None and x.backward == [[18.0]]
    assert x.shape == [1, 1]            # from x.grad, as there is no J yet
    assert not view.has_vjp and view.has_backward
    assert view.trace == () and view.graph.nodes == () and view.graph.json == {"nodes": [], "edges": []}


def test_hooks_and_retain_grad_are_typed_steps():
    view = AnalysisView.from_json(analyze(resources.read_lesson(HOOKS), pytorch="off").to_json())
    hooked = [s for s in view.trace if s.hooks]
    assert len(hooked) == 1
    assert [(h.name, h.replaced) for h in hooked[0].hooks] == [("print", False)]
    assert [(r.name, r.grad) for r in hooked[0].retained] == [("y", [[12.0]])]


def test_texts_keep_their_template_from_the_dict_and_from_json_text(index_assign):
    note = AnalysisView.from_json(index_assign).notes[0]
    assert isinstance(note, Text) and note.template.startswith("the program differentiates {n} times")
    # read back from JSON text: the English strings get their template and values from "texts"
    again = AnalysisView.from_json(json.loads(json.dumps(index_assign))).notes[0]
    assert isinstance(again, Text) and again == note
    assert again.template == note.template and again.values == note.values == {**note.values, "n": "3"}


def test_the_mismatch_mask_is_cores():
    view = AnalysisView.from_json(analyze(WRONG_BACKWARD, pytorch="off").to_json())
    x = view.leaf("x")
    assert view.match is False and x.mismatch.count == 1
    assert marked_cells(x.mismatch, x.shape) == {(0, 1)}      # 3·x² sent where 2·x² was due, at entry 2


def test_a_step_with_values_left_out_reads_their_summaries():
    summary = {"shape": [120, 100], "numel": 12000, "first": [0.5], "min": 0.0, "max": 1.0, "mean": 0.5}
    step = TraceStep.from_json({"index": 0, "node": "n1", "grad_fn": "MulBackward0", "grad_in": None,
                                "grad_in_summary": summary, "saved": {"self": None}, "saved_summary": {"self": summary},
                                "grads_out": [{"to": "n2", "input": None, "grad": None, "grad_summary": summary}]})
    assert step.grad_in is summary and step.saved == (("self", summary),) and step.grads_out[0].grad is summary


def test_an_entries_answer_is_typed():
    answer = EntriesAnswer.from_json({"entries": [{"leaf": "W", "row": 1, "column": 2, "state": "computed",
                                                   "value": 0.5}, {"leaf": "W", "row": 1, "column": 3,
                                                                   "state": "over_budget", "value": None}],
                                      "note": "over its budget"})
    assert [(e.row, e.column, e.computed, e.value) for e in answer.entries] == [(1, 2, True, 0.5), (1, 3, False, None)]
    assert answer.note == "over its budget" and answer.error is None


def test_a_run_reads_as_typed_fields():
    outcome = analyse_source(resources.read_lesson(HOOKS), pytorch="off")
    run = RunView.from_json(run_to_json(outcome.result))
    assert run.stdout.startswith("tensor([[") and run.error is None
    assert set(run.tensors) >= {"x", "y", "out"}
    assert run.tensors["x"].requires_grad and run.tensors["x"].grad_fn is None and run.tensors["x"].shape == [1, 1]
    assert run.tensors["out"].grad_fn == "PowBackward0" and run.tensors["out"].differentiable
    stopped = RunView.from_json(run_to_json(analyse_source("import torch\nx = torch.ones(2)\nx.foo()\n").result))
    assert stopped.error.kind == "raised" and stopped.error.line == 3 and stopped.error.type == "AttributeError"
    assert RunView.from_json(None) == RunView()


def test_a_paths_answer_is_typed():
    answer = PathsAnswer.from_json({"leaf": "x", "i": 0, "k": 1, "total": 6.0, "complete": True, "paths": [
        {"product": 6.0, "steps": [{"node": "n1", "grad_fn": "MulBackward0", "name": "y", "element": [0],
                                    "label": "y_1", "partial": 3.0, "via": 1, "via_name": "other", "inputs": 2},
                                   {"node": "n2", "grad_fn": "AccumulateGrad", "name": "x", "element": [1],
                                    "label": "x_2", "partial": 1.0, "via": None, "via_name": None, "inputs": 0}]}]})
    path = answer.paths[0]
    assert answer.leaf == "x" and answer.total == 6.0 and answer.complete and path.product == 6.0
    assert [(s.grad_fn, s.element, s.via, s.inputs) for s in path.steps] == [("MulBackward0", (0,), 1, 2),
                                                                          ("AccumulateGrad", (1,), None, 0)]


def test_the_examples_in_the_docstrings_run():
    import doctest

    import desktop.view_model
    result = doctest.testmod(desktop.view_model)
    assert result.attempted and not result.failed


def test_the_view_model_loads_no_qt():
    code = "import sys, desktop.view_model; print(sorted(m for m in sys.modules if m.startswith('PySide6')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
