"""Numeric first, symbolic when it fits (issue 13, item 2), in the window: the service's first answer
("partial": x.grad and the numeric verdict) is shown at once, the job still running; the finished
answer replaces it.  A stale partial is ignored; Cancel after a partial keeps its numeric results,
marked; large arrays of the trace and the graph read as their summaries, never "None"."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.graph.items import GraphStyle, NodeItem
from desktop.graph.replay import BackwardReplay
from desktop.main_window import MainWindow
from desktop.results.side_by_side import SideBySidePanel
from desktop.stepper.inspector import NodeInspector
from desktop.worker import Outcome
from desktop.view_model import TraceStep

# the symbolic J of two tanh layers with 30x30 weights does not fit its budget (bench/scaling.py)
SLOW = ("import torch\ntorch.manual_seed(0)\n"
        "W1 = torch.randn(30, 30, requires_grad=True)\nW2 = torch.randn(30, 30, requires_grad=True)\n"
        "x = torch.randn(30)\nout = torch.tanh(W2 @ torch.tanh(W1 @ x))\nout.backward(torch.ones(30))\n")
# 16x16 weights: 256 elements each, x.grad shown as a table beside where J will come
MEDIUM = SLOW.replace("30", "16")
SMALL = ("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.tanh(x * x)\n"
         "y.sum().backward()\n")


@pytest.fixture
def window(qtbot, private_settings):
    w = MainWindow("import torch\n", autorun=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


def _seen_at_partial(window):
    """What the window shows when the partial answer has just been shown."""
    seen = []

    def look():
        panel = window.results
        seen.append({
            "stage": (window.state.analysis or {}).get("stage"), "partial": window.state.partial,
            "busy": window.state.busy, "cancel": window.cancel_button.isEnabled(),
            "verdict": panel.verdict(), "verdict_text": panel.verdict_text(), "leaves": panel.leaves(),
            "grads": {leaf: panel.backward_values(leaf) for leaf in panel.leaves()},
            "placeholders": {leaf: panel.block(leaf).symbolic_placeholder.text()
                             for leaf in panel.leaves() if panel.block(leaf).symbolic_placeholder is not None},
            "graph_text": window.graph.placeholder_text(), "steps": window.stepper._count,
            "spot": None if panel.spot_table is None else panel.spot_table.values(),
        })
    window.state.partialResultsChanged.connect(look)
    return seen


def test_the_numeric_verdict_and_x_grad_come_first_then_J(qtbot, window):
    seen = _seen_at_partial(window)
    window.editor.set_program(SMALL)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000) as blocker:
        window.run_analysis()
    assert blocker.signal_triggered
    assert len(seen) == 1, "the partial answer was shown once, before the finished one"
    first = seen[0]
    assert first["stage"] == "numeric" and first["partial"] and first["busy"] and first["cancel"]
    assert first["verdict"] == "agree-numeric"
    assert "still being computed" in first["verdict_text"] and "did not fit" not in first["verdict_text"]
    assert first["leaves"] == ["x"] and first["grads"]["x"] is not None
    assert "computing" in first["placeholders"]["x"]
    assert "full result" in first["graph_text"] and first["steps"] == 0
    # then the finished answer, in its place
    s = window.state
    assert not s.partial and s.analysis["stage"] == "complete" and not s.busy
    assert window.results.verdict() == "agree"
    assert window.results.jacobian_values("x") and window.results.block("x").symbolic_placeholder is None
    assert window.results.backward_values("x") == first["grads"]["x"]
    assert len(s.trace) > 0 and window.stepper._count == len(s.trace)
    assert not window.cancel_button.isEnabled()


def test_a_slow_symbolic_J_shows_the_numeric_verdict_first_then_says_it_did_not_fit(qtbot, window):
    seen = _seen_at_partial(window)
    window.editor.set_program(SLOW)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=120000) as blocker:
        window.run_analysis()
    assert blocker.signal_triggered and len(seen) == 1
    first = seen[0]
    assert first["busy"] and first["cancel"] and first["verdict"] == "agree-numeric"
    assert "still being computed" in first["verdict_text"] and "did not fit" not in first["verdict_text"]
    # 900 elements a leaf: x.grad as the entries the float64 differences checked, the engine's beside them
    assert first["leaves"] == [] and first["spot"] and all(len(row) == 2 for row in first["spot"])
    a = window.state.analysis
    assert a["stage"] == "complete" and a["witnesses"]["symbolic"]["state"] == "over_budget"
    text = window.results.verdict_text()
    assert "did not fit its budget" in text and "still being computed" not in text
    assert "random directions" in text       # what the verdict rests on (verdict_witnesses)
    # x.grad's checked entries stay as they were
    assert window.results.spot_table.values() == first["spot"]


def test_a_stale_partial_is_ignored(qtbot, window):
    window.editor.set_program(SMALL)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    shown = window.state.analysis
    verdict = window.results.verdict_text()
    stale = dict(shown, stage="numeric", jacobian={}, trace=[], graph={}, verdict_basis="numeric",
                 witnesses=dict(shown["witnesses"], symbolic={"state": "pending"}))
    window.host.worker.partialReady.emit(window.runner.job_id - 1, Outcome(window.state.run, stale))
    window.host.worker.partialReady.emit(12345678, Outcome(window.state.run, stale))
    qtbot.wait(50)
    assert window.state.analysis is shown and not window.state.partial
    assert window.results.verdict_text() == verdict


def test_cancel_after_the_partial_keeps_its_numeric_results_marked(qtbot, window):
    window.editor.set_program(MEDIUM)
    with qtbot.waitSignal(window.state.partialResultsChanged, timeout=60000) as blocker:
        window.run_analysis()
    assert blocker.signal_triggered and window.state.partial and window.state.busy
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    s = window.state
    assert not s.busy and not window.cancel_button.isEnabled()
    assert s.partial and s.analysis["witnesses"]["symbolic"]["state"] == "cancelled"
    text = window.results.verdict_text()
    assert window.results.verdict() == "agree-numeric" and "cancelled" in text and "still being" not in text
    assert window.results.backward_values("W1") is not None
    assert "cancelled" in window.results.block("W1").symbolic_placeholder.text()
    assert "cancelled" in window.graph.placeholder_text() and window.stepper._count == 0
    assert "Cancelled" in window.statusBar().currentMessage()
    window.exporter._enable()
    assert not any(action.isEnabled() for action in window.exporter.actions.values())
    assert window.show_row_by_row() is None
    # nothing of the cancelled job arrives later, and the next run works
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.editor.set_program(SMALL)
        window.run_analysis()
    assert not window.state.partial and window.state.analysis["stage"] == "complete"
    assert window.results.verdict() == "agree"


# --- summaries of large arrays ------------------------------------------------------------------
SUMMARY = {"omitted": "12,000 elements, more than the 10,000 a step or a graph node keeps", "numel": 12000,
           "shape": [120, 100], "first": [0.5, -1.25, 2.0], "min": -3.5, "max": 4.25, "mean": 0.125}


def test_the_inspector_shows_summaries_not_none(qtbot):
    inspector = NodeInspector()
    qtbot.addWidget(inspector)
    inspector.show_step(TraceStep.from_json({"index": 1, "node": "n1", "grad_fn": "MulBackward0", "output_name": "y",
                         "input_names": ["w", None], "grad_in": None, "grad_in_summary": SUMMARY,
                         "saved": {"self": None, "other": 2.0}, "saved_summary": {"self": SUMMARY},
                         "grads_out": [{"to": "n2", "input": "w", "grad": None, "grad_summary": SUMMARY}],
                         "local": None, "local_notes": [], "hooks": [], "retained": [], "implied": []}))
    text = inspector.text()
    assert "None" not in text
    assert text.count("shape 120×100, 12,000 elements") == 3
    assert "min -3.5, max 4.25, mean 0.125" in text and "first values: [0.5, -1.25, 2, …]" in text
    inspector.show_step(TraceStep.from_json({"index": 2, "node": "n2", "grad_fn": "AccumulateGrad", "leaf": "w",
                         "input_names": [],
                         "grad_in": None, "grad_in_summary": SUMMARY, "grad_before": None,
                         "grad_after": None, "grad_after_summary": SUMMARY, "saved": {}, "grads_out": [],
                         "local": None, "local_notes": [], "hooks": [], "retained": [], "implied": []}))
    grad_line = [line for line in inspector.text().splitlines() if line.startswith(".grad")][0]
    assert grad_line.startswith(".grad: None") and "shape 120×100" in grad_line    # None before, as PyTorch's


def test_graph_nodes_and_edges_show_summaries(qtbot):
    node = {"id": "n1", "kind": "leaf", "label": "w", "grad_fn": "AccumulateGrad", "name": "w",
            "shape": [120, 100], "value": None, "value_summary": SUMMARY, "x": 50, "y": 50, "w": 90, "h": 40}
    item = NodeItem(node, GraphStyle(QApplication.palette(), QApplication.font()))
    assert "shape 120×100, 12,000 elements" in item.toolTip() and "None" not in item.toolTip()
    assert any("⟨120×100⟩" in text for text, _font, _colour in item._lines())
    graph = {"nodes": [node, dict(node, id="n0", kind="output", value_summary=None)],
             "edges": [{"source": "n0", "target": "n1", "input": 0}]}
    trace = [{"node": "n0", "grad_fn": "SumBackward0", "grads_out": [{"to": "n1", "grad": None,
                                                                      "grad_summary": SUMMARY}]},
             {"node": "n1", "grad_fn": "AccumulateGrad", "grad_before": None, "grad_after": None,
              "grad_after_summary": SUMMARY, "grads_out": []}]
    state = BackwardReplay(graph, trace).state(1)
    assert state.edge_grads[0] is SUMMARY and state.leaf_grads["n1"] is SUMMARY
    assert BackwardReplay(graph, trace).state(0).leaf_grads["n1"] is None       # .grad None before


def test_a_big_tensor_in_the_window_reads_as_its_summary(qtbot, window):
    window.editor.set_program("import torch\nw = torch.ones(120, 100, requires_grad=True)\n"
                              "y = w * 3\ny.sum().backward()\n")
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    trace = window.state.trace
    mul = [k for k, step in enumerate(trace) if step["grad_fn"] == "MulBackward0"][0]
    window.state.set_step(mul)
    text = window.inspector.text()
    assert "shape 120×100, 12,000 elements" in text and "min 1, max 1, mean 1" in text


def test_the_panel_says_which_budget_a_witness_did_not_fit(qtbot):
    panel = SideBySidePanel()
    qtbot.addWidget(panel)
    a = {"output": "out", "output_shape": [], "leaves": ["w"], "grad_tensor": 1.0, "grad_tensor_source":
         "implicit_ones", "jacobian": {}, "backward": {"w": [1.0, 2.0]}, "vjp": None, "max_abs_diff": 1e-9,
         "match": True, "verdict_basis": "numeric", "stage": "complete", "verdict_witnesses": ["differences"],
         "witnesses": {"symbolic": {"state": "over_budget", "budget": {"resource": "seconds", "limit": 6.0,
                                                                       "rule": "symbolic_seconds"}},
                       "differences": {"state": "agree"}, "pytorch": {"state": "over_budget", "budget": {
                           "resource": "seconds", "limit": 2.0, "rule": "analysis_deadline"}}},
         "notes": [], "differences": {"match": True, "max_abs_diff": 1e-9}}
    panel.set_analysis(a)
    text = panel.verdict_text()
    assert "central differences" in text
    assert "6 s: the symbolic stage's own time" in text
    assert "real PyTorch (2 s: the whole analysis's time limit)" in text
    assert panel.backward_values("w") == [[1.0, 2.0]]
