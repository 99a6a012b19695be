"""A folded graph (core.analysis.folding) in the graph view: drawn, and stepped through."""
import textwrap

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from core.analysis import analyze
from core.analysis.folding import fold_graph
from desktop.graph.graph_view import GraphView
from desktop.graph.items import CURRENT, fold_title
from desktop.graph.replay import BackwardReplay


@pytest.fixture(scope="module")
def sin_loop() -> dict:
    return analyze(textwrap.dedent("""
        import torch
        x = torch.tensor([0.5, 1.0], requires_grad=True)
        w = torch.tensor([0.9, 1.1], requires_grad=True)
        y = x
        for i in range(120):
            y = torch.sin(y) * w
        out = y.sum()
        out.backward()
    """)).to_json()


@pytest.fixture
def view(qtbot, sin_loop):
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(800, 500)
    view.set_graph(sin_loop["graph"])
    return view


def test_the_folded_graph_draws_its_fold_node(view, sin_loop):
    nodes = sin_loop["graph"]["nodes"]
    assert [n["kind"] for n in nodes] == ["output", "fold", "leaf", "leaf"]
    fold = view.node_item(nodes[1]["id"])
    assert fold.kind == "fold"
    assert fold_title(fold.node) == "MulBackward0 · SinBackward0 ×120"
    assert fold._lines()[0][0] == "MulBackward0 · SinBackward0 ×120"
    assert "240" in fold.toolTip()
    # the stack behind it is inside what the item says it paints
    assert fold.boundingRect().contains(fold.box.translated(6, -6))
    view.show()
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    view.scene().render(painter)
    painter.end()


def test_stepping_through_every_step_keeps_a_shown_node_current(view, sin_loop):
    trace = sin_loop["trace"]
    fold_id = sin_loop["graph"]["nodes"][1]["id"]
    hidden = set(sin_loop["graph"]["nodes"][1]["folded"])
    for index, step in enumerate(trace):
        view.show_step(trace, index)
        current = view.current_node_id()
        assert current is not None and view.node_item(current) is not None
        assert view.node_item(current).state == CURRENT
        if step["node"] in hidden:
            assert current == fold_id
        else:
            assert current == step["node"]


def test_gradients_into_and_out_of_a_fold_are_on_its_edges(sin_loop):
    replay = BackwardReplay(sin_loop["graph"], sin_loop["trace"])
    final = replay.state(len(sin_loop["trace"]) - 1)
    # the output's edge into the fold and the fold's edges to both leaves carried a gradient
    assert set(final.edge_grads) == set(range(len(sin_loop["graph"]["edges"])))
    leaves = [n["id"] for n in sin_loop["graph"]["nodes"] if n["kind"] == "leaf"]
    assert all(final.leaf_grads[leaf] is not None for leaf in leaves)


def test_a_small_block_folded_graph_steps_too(qtbot):
    """A graph folded into "+N nodes" blocks (no repetition): every step lights a shown node."""
    analysis = analyze("import torch\nx = torch.tensor([0.3], requires_grad=True)\n"
                       "y = (x.sin() * 2 + x.cos()).exp() - x.tanh()\ny.sum().backward()\n").to_json()
    graph = fold_graph(analysis["graph"], budget=4)
    assert any(n.get("fold") == "block" for n in graph["nodes"])
    block = next(n for n in graph["nodes"] if n.get("fold") == "block")
    assert fold_title(block) == f"+{block['count']} nodes"
    view = GraphView()
    qtbot.addWidget(view)
    view.set_graph(graph)
    shown = {n["id"] for n in graph["nodes"]}
    for index in range(len(analysis["trace"])):
        view.show_step(analysis["trace"], index)
        assert view.current_node_id() in shown


def test_double_click_expands_a_fold_and_again_folds_it_back(view, sin_loop, qtbot):
    graph = sin_loop["graph"]
    trace = sin_loop["trace"]
    assert len(graph["unfolded"]["nodes"]) == graph["folding"]["nodes"] == 243
    view.show()
    view.show_step(trace, 40)
    fold = view.node_item(graph["nodes"][1]["id"])
    assert view.current_node_id() == fold.node_id
    assert "Double-click" in fold.toolTip()
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton,
                      pos=view.mapFromScene(fold.scenePos()))
    assert view.is_expanded() and len(view.node_items()) == 243
    assert view.current_node_id() == trace[40]["node"]       # the same step, on its own node now
    for index in (0, 41, len(trace) - 1):
        view.show_step(trace, index)
        assert view.current_node_id() == trace[index]["node"]
    view.show_step(trace, 40)
    item = view.node_item(trace[40]["node"])
    view.centerOn(item)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(item.scenePos()))
    assert not view.is_expanded() and len(view.node_items()) == 4
    assert view.current_node_id() == fold.node_id


def test_a_graph_too_large_to_carry_unfolded_does_not_expand(qtbot, sin_loop):
    graph = {k: v for k, v in sin_loop["graph"].items() if k != "unfolded"}
    view = GraphView()
    qtbot.addWidget(view)
    view.set_graph(graph)
    fold_id = graph["nodes"][1]["id"]
    assert "Double-click" not in view.node_item(fold_id).toolTip()
    assert not view.expand_fold(fold_id) and not view.is_expanded()


def test_a_long_repeated_pattern_is_drawn_over_several_lines(qtbot):
    """A pattern of three grad_fns (``y = sin(y) * 1.1 + x``) drawn on one line made the fold node
    wider than a 1024-px window's graph pane, its label cut at both ends: two names a line."""
    a = analyze(textwrap.dedent("""
        import torch
        x = torch.tensor([0.5, 1.0], requires_grad=True)
        y = x
        for i in range(40):
            y = torch.sin(y) * 1.1 + x
        out = y.sum()
        out.backward()
    """)).to_json()
    view = GraphView()
    qtbot.addWidget(view)
    fold_node = next(n for n in a["graph"]["nodes"] if n["kind"] == "fold")
    view.set_graph(a["graph"])
    fold = view.node_item(fold_node["id"])
    title = fold_title(fold.node)
    assert title == "AddBackward0 · MulBackward0 · SinBackward0 ×40"
    drawn = [text for text, *_ in fold._lines()]
    assert drawn[:2] == ["AddBackward0 · MulBackward0", "· SinBackward0 ×40"]
    assert " ".join(drawn[:2]) == title
    assert title in fold.toolTip()
