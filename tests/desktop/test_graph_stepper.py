"""The graph view, the step bar and the node inspector, on core's real analysis."""

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QPalette, QWheelEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from core.analysis import analyze
from desktop.graph.format import format_lines, format_shape, format_value
from desktop.graph.graph_view import GraphView
from desktop.graph.items import CURRENT, PENDING, VISITED, EdgeItem, NodeItem
from desktop.graph.replay import BackwardReplay
from desktop.stepper.inspector import NodeInspector
from desktop.stepper.stepper import StepperBar
from desktop.view_model import AnalysisView, Graph, TraceStep

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"


def _analysis(name: str) -> dict:
    source = (EXAMPLES / name).read_text(encoding="utf-8")
    return analyze(source).to_json()


@pytest.fixture(scope="module")
def index_assign() -> dict:
    """x = [[3, 4]]; y[0,0] = x0**2 + x1; y[0,1] = x1**3 + x0; out = 2*y; backward([[1, 1]])."""
    return _analysis("seed_11_jacobian_index_assign.py")


@pytest.fixture(scope="module")
def blitz_mean() -> dict:
    """x = ones(2, 2); y = x + 2; z = y * y * 3; out = z.mean(): y feeds MulBackward0 twice."""
    return _analysis("seed_09_blitz_mean.py")


@pytest.fixture
def view(qtbot, index_assign):
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(800, 500)
    view.set_graph(index_assign["graph"])
    return view


def _steps(analysis, grad_fn):
    return [step for step in analysis["trace"] if step["grad_fn"] == grad_fn]


def _leaf_id(analysis, name):
    return next(n["id"] for n in analysis["graph"]["nodes"] if n["kind"] == "leaf" and n["name"] == name)


# format ---------------------------------------------------------------------------

def test_format_value_is_short_with_four_significant_digits():
    assert format_value([[2.0, 0.0]]) == "[[2, 0]]"
    assert format_value(1 / 3) == "0.3333"
    assert format_value(134.0) == "134"
    assert format_value(None) == "None"
    assert format_value(["nan", "inf", -0.0]) == "[nan, inf, 0]"
    assert format_value(list(range(100)), max_chars=12) == "[0, 1, 2,…"
    assert format_value([[4.5, 4.5], [4.5, 4.5]], max_chars=22) == "[[4.5, 4.5], [4.5,…"
    assert format_shape([1, 2]) == "1×2" and format_shape([]) == ""
    assert format_lines([[1.0, 2.0], [3.0, 4.0]]) == ["[[1, 2],", " [3, 4]]"]


# graph view -----------------------------------------------------------------------

def test_scene_has_one_item_per_node_and_edge(view, index_assign):
    graph = index_assign["graph"]
    items = view.scene().items()
    nodes = [item for item in items if isinstance(item, NodeItem)]
    edges = [item for item in items if isinstance(item, EdgeItem)]
    assert len(nodes) == len(graph["nodes"]) == 16
    assert len(edges) == len(graph["edges"])
    assert {item.node_id for item in nodes} == {n["id"] for n in graph["nodes"]}
    output = next(item for item in nodes if item.kind == "output")
    assert output.pos() == QPointF(graph["nodes"][0]["x"], graph["nodes"][0]["y"])


def test_show_step_highlights_the_node_of_that_step(view, index_assign):
    trace = index_assign["trace"]
    view.show_step(trace, -1)
    assert view.current_node_id() is None
    assert all(item.state == PENDING for item in view.node_items())
    for k, step in enumerate(trace):
        view.show_step(trace, k)
        assert view.current_node_id() == step["node"]
        assert view.node_item(step["node"]).state == CURRENT
        assert [item.node_id for item in view.node_items() if item.state == CURRENT] == [step["node"]]
    view.show_step(trace, 3)
    assert view.node_item(trace[0]["node"]).state == VISITED
    assert view.node_item(trace[5]["node"]).state == PENDING


def test_edges_show_the_gradients_carried_so_far(view, index_assign):
    trace = index_assign["trace"]
    pow_step = trace.index(_steps(index_assign, "PowBackward0")[0])
    view.show_step(trace, pow_step)
    carried = [edge for edge in view.edge_items() if edge.state != EdgeItem.IDLE]
    assert len(carried) == sum(len(step["grads_out"]) for step in trace[:pow_step + 1])
    assert all(edge.label is not None and edge.label.isVisible() for edge in carried)
    active = [edge for edge in view.edge_items() if edge.state == EdgeItem.ACTIVE]
    assert [edge.source.node_id for edge in active] == [trace[pow_step]["node"]]
    assert active[0].label.text in ("96", "12") and active[0].label.active
    idle = [edge for edge in view.edge_items() if edge.state == EdgeItem.IDLE]
    assert all(edge.label is None or not edge.label.isVisible() for edge in idle)


def test_leaf_grad_fills_in_as_the_pass_reaches_it(view, index_assign):
    trace = index_assign["trace"]
    leaf = view.node_item(_leaf_id(index_assign, "x"))
    view.show_step(trace, -1)
    assert leaf.grad_text() == "grad: None"
    view.show_step(trace, len(trace) - 2)
    assert leaf.grad_text() == "grad: None"
    view.show_step(trace, len(trace) - 1)
    assert leaf.grad_text() == "grad: [[14, 98]]"
    assert leaf.badge.fresh


def test_a_node_feeding_the_same_input_twice_uses_both_edges(blitz_mean):
    graph, trace = blitz_mean["graph"], blitz_mean["trace"]
    replay = BackwardReplay(graph, trace)
    twice = next(k for k, step in enumerate(trace) if len(step["grads_out"]) == 2)
    edges = {replay.edge_for[(twice, 0)], replay.edge_for[(twice, 1)]}
    assert len(edges) == 2
    assert {graph["edges"][e]["input"] for e in edges} == {0, 1}
    final = replay.state(len(trace) - 1)
    assert final.leaf_grads[_leaf_id(blitz_mean, "x")] == [[4.5, 4.5], [4.5, 4.5]]


def test_zoom_keys_and_ctrl_wheel_zoom_and_fit_restores(qtbot, view):
    view.show()
    qtbot.waitExposed(view)
    fitted = view.zoom_level()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom_level() == pytest.approx(fitted * 1.2)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom_level() < fitted
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(centre, view.viewport().mapToGlobal(centre), QPoint(), QPoint(0, 120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    before = view.zoom_level()
    view.wheelEvent(wheel)
    assert view.zoom_level() == pytest.approx(before * 1.2)
    view.fit()
    assert view.zoom_level() == pytest.approx(fitted)
    # 16 nodes do not fit 800x500 readably: fitted at the readable minimum, not shrunk (issue 15, item 6)
    assert fitted == pytest.approx(view.min_scale())


def test_dark_palette_is_picked_up(qtbot, view):
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    palette.setColor(QPalette.ColorRole.Text, QColor("#e6e6e6"))
    view.setPalette(palette)
    assert view.style_.dark
    assert view.scene().backgroundBrush().color() == QColor("#1e1e1e")


def test_empty_graph_shows_a_message(qtbot):
    view = GraphView()
    qtbot.addWidget(view)
    view.set_graph({"nodes": [], "edges": [], "width": 0, "height": 0})
    view.show_step([], -1)
    assert view.current_node_id() is None and view.node_items() == []


# step bar -------------------------------------------------------------------------

@pytest.fixture
def bar_in_window(qtbot, index_assign):
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    bar = StepperBar()
    layout.addWidget(bar)
    window.addActions(bar.actions())
    bar.set_trace(AnalysisView.from_json(index_assign).trace)
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    return window, bar


def test_label_names_the_step(qtbot, bar_in_window):
    _, bar = bar_in_window
    assert bar.step() == -1 and "16" in bar.label.text()
    bar.set_step(5)
    assert bar.label.text() == "step 6 of 16: PowBackward0"
    bar.set_step(99)
    assert bar.step() == 15


def test_keyboard_actions_move_the_step(qtbot, bar_in_window):
    window, bar = bar_in_window
    assert {a.shortcut().toString() for a in bar.actions()} == {"Home", "Left", "Space", "Right", "End"}
    assert all(a.shortcutContext() == Qt.ShortcutContext.WindowShortcut for a in bar.actions())
    seen = []
    bar.stepChanged.connect(seen.append)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    qtbot.keyClick(window, Qt.Key.Key_End)
    qtbot.keyClick(window, Qt.Key.Key_Right)    # already at the end: nothing moves
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert seen == [0, 1, 0, 15, -1]
    assert bar.step() == -1


def test_play_advances_on_a_timer_and_stops_at_the_end(qtbot, bar_in_window):
    window, bar = bar_in_window
    bar.set_base_interval(20)
    bar.set_speed(4.0)
    assert bar.interval_ms() == 5
    seen = []
    bar.stepChanged.connect(seen.append)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert bar.is_playing() and bar.play_action.text() == "Pause"
    qtbot.waitUntil(lambda: not bar.is_playing(), timeout=5000)
    assert seen == list(range(16))
    assert bar.step() == 15 and bar.play_action.text() == "Play"
    assert not bar.next_action.isEnabled()


def test_pause_stops_the_timer(qtbot, bar_in_window):
    _, bar = bar_in_window
    bar.play()
    bar.toggle_play()
    assert not bar.is_playing() and bar.step() == -1


# inspector ------------------------------------------------------------------------

def test_inspector_spells_out_the_first_pow_step(qtbot, index_assign):
    inspector = NodeInspector()
    qtbot.addWidget(inspector)
    inspector.set_graph(Graph.from_json(index_assign["graph"]))
    first_pow = _steps(index_assign, "PowBackward0")[0]
    inspector.show_step(TraceStep.from_json(first_pow))
    text = inspector.text()
    assert "PowBackward0" in text
    assert "self = 4" in text or "self = 3" in text
    assert "Gradient sent: → SelectBackward0 96" in text or "Gradient sent: → SelectBackward0 12" in text
    assert "Gradient arriving: 2" in text
    # derived from pow's rule with this node's exponent (y = x ** 2 or x ** 3)
    assert (r"\frac{\partial\, a^{2}}{\partial a} = 2 a" in inspector.latex_label.text()
            or r"\frac{\partial\, a^{3}}{\partial a} = 3 a^{2}" in inspector.latex_label.text())


def test_inspector_shows_the_first_step_names(qtbot, index_assign):
    inspector = NodeInspector()
    qtbot.addWidget(inspector)
    inspector.show_step(TraceStep.from_json(index_assign["trace"][0]))
    text = inspector.text()
    assert "Produces: out" in text and "Inputs: y, (unnamed)" in text
    assert "Saved values used: other = 2" in text
    assert "[[2, 2]]" in text


def test_inspector_shows_grad_before_and_after_at_a_leaf(qtbot, index_assign):
    inspector = NodeInspector()
    qtbot.addWidget(inspector)
    inspector.show_step(TraceStep.from_json(index_assign["trace"][-1]))
    text = inspector.text()
    assert "Leaf: x" in text
    assert ".grad: None → [[14, 98]]" in text
    inspector.show_step(None)
    assert inspector.placeholder.isVisibleTo(inspector)


def test_inspector_lists_hooks_retain_grad_and_freed(qtbot):
    step = {"index": 1, "node": "n1", "grad_fn": "MulBackward0", "output_name": "yy",
            "input_names": ["xx", None], "grad_in": [[6.0]], "local": None, "saved": {"other": 3.0},
            "grads_out": [{"to": "n2", "input": "xx", "grad": [[18.0]]}], "leaf": None,
            "grad_before": None, "grad_after": None, "hooks": [{"name": "print", "replaced": False}],
            "retained": [{"name": "yy", "grad": [[6.0]]}], "freed": True}
    inspector = NodeInspector()
    qtbot.addWidget(inspector)
    inspector.show_step(TraceStep.from_json(step))
    text = inspector.text()
    assert "print: returned None" in text
    assert "yy.grad = [[6]]" in text
    assert "freed after this step" in text
    assert "Local derivative" not in text


def test_latex_renderer_hook_replaces_the_text(qtbot, index_assign):
    inspector = NodeInspector()
    qtbot.addWidget(inspector)
    seen = []

    def renderer(latex):
        seen.append(latex)
        return QLabel("rendered")

    inspector.set_latex_renderer(renderer)
    inspector.show_step(TraceStep.from_json(index_assign["trace"][0]))
    assert seen == [index_assign["trace"][0]["local"]]
    assert inspector._rendered is not None and inspector._rendered.text() == "rendered"
    assert not inspector.latex_label.isVisibleTo(inspector)
