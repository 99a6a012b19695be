"""nn.Module calls drawn as boxes in the graph view: a box per call, labelled by module path;
double-clicking collapses the call to one node and expands it again; stepping through a collapsed
call shows its steps on that node."""
import textwrap

import pytest
from PySide6.QtCore import QPointF, Qt

from core.analysis import analyze
from desktop.graph.boxes import COLLAPSED_PREFIX, collapse_calls
from desktop.graph.graph_view import GraphView
from desktop.graph.items import CURRENT, ModuleBoxItem, fold_title

NET = """
    import torch
    import torch.nn as nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(3, 4)
            self.relu = nn.ReLU()
            self.fc2 = nn.Linear(4, 1)

        def forward(self, x):
            return self.fc2(self.relu(self.fc1(x)))

    torch.manual_seed(0)
    net = Net()
    criterion = nn.MSELoss()
    x = torch.randn(2, 3)
    loss = criterion(net(x), torch.randn(2, 1))
    loss.backward()
"""


@pytest.fixture(scope="module")
def net() -> dict:
    return analyze(textwrap.dedent(NET)).to_json()


@pytest.fixture
def view(qtbot, net):
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.set_graph(net["graph"])
    view.show_step(net["trace"], -1)
    return view


def _module(net, path, type_):
    return next(m for m in net["graph"]["modules"] if m["path"] == path and m["type"] == type_)


def test_a_box_is_drawn_around_each_module_call(view, net):
    boxes = {b.title: b for b in view.box_items()}
    assert all(isinstance(b, ModuleBoxItem) and b.scene() is view.scene() for b in boxes.values())
    assert set(boxes) == {"net (Net)", "fc1 (Linear)", "relu (ReLU)", "fc2 (Linear)", "criterion (MSELoss)"}
    fc1 = boxes["fc1 (Linear)"]
    inside = [n for n in view.node_items() if n.node.get("module") == fc1.module_id]
    assert sorted(n.node["grad_fn"] for n in inside) == ["AccumulateGrad", "AccumulateGrad", "AddmmBackward0",
                                                       "TBackward0"]
    for n in inside:
        assert fc1.rect.contains(n.scene_box())
        assert boxes["net (Net)"].rect.contains(n.scene_box())
    assert boxes["fc1 (Linear)"].zValue() > boxes["net (Net)"].zValue()   # inner over outer
    assert all(b.zValue() < min(n.zValue() for n in view.node_items()) for b in boxes.values())
    assert {n.node["name"] for n in view.node_items() if n.kind == "leaf"} == {
        "fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"}


def test_double_click_collapses_a_box_and_expands_it_again(view, net, qtbot):
    fc1 = _module(net, "fc1", "Linear")
    box = view.graph_scene.boxes[fc1["id"]]
    before = len(view.node_items())
    corner = _empty_point(view, box)   # inside the box, on no node, edge or label
    view.ensureVisible(box)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(corner))
    collapsed = view.node_item(COLLAPSED_PREFIX + fc1["id"])
    assert collapsed is not None and collapsed.kind == "fold"
    assert fold_title(collapsed.node) == "fc1 (Linear): 4 nodes"
    assert collapsed._lines()[0][0] == "fc1 (Linear): 4 nodes"
    assert len(view.node_items()) == before - 3
    assert fc1["id"] not in view.graph_scene.boxes and _module(net, "", "Net")["id"] in view.graph_scene.boxes
    relu = next(n for n in view.node_items() if n.node["grad_fn"] == "ReluBackward0")
    assert [(e.source, e.target) for e in view.edge_items() if e.target is collapsed] == [(relu, collapsed)]
    view.centerOn(collapsed)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(collapsed.scenePos()))
    assert view.node_item(COLLAPSED_PREFIX + fc1["id"]) is None
    assert len(view.node_items()) == before and fc1["id"] in view.graph_scene.boxes


def _empty_point(view, box):
    rect = box.rect
    for i in range(1, 20):
        for j in range(1, 20):
            p = QPointF(rect.left() + rect.width() * i / 20, rect.top() + rect.height() * j / 20)
            if view.scene().itemAt(p, view.transform()) is box:
                return p
    raise AssertionError("no empty point in the box")


def test_stepping_through_a_collapsed_box(view, net):
    fc1 = _module(net, "fc1", "Linear")
    trace = net["trace"]
    view.show_step(trace, 2)
    assert view.collapse_box(fc1["id"])
    assert view.graph_scene.step_index == 2    # collapsing keeps the step
    cid = COLLAPSED_PREFIX + fc1["id"]
    hidden = set(view.node_item(cid).node["folded"])
    assert len(hidden) == 4
    on_box = 0
    for index, step in enumerate(trace):
        view.show_step(trace, index)
        expected = cid if step["node"] in hidden else step["node"]
        assert view.current_node_id() == expected
        assert view.node_item(expected).state == CURRENT
        on_box += expected == cid
    assert on_box == 4    # AddmmBackward0, TBackward0 and the two AccumulateGrads of fc1
    # the gradient sent into the box lands on the edge into the collapsed node
    into = [e for e in view.edge_items() if e.target.node_id == cid]
    assert len(into) == 1 and into[0].label is not None
    assert view.expand_box(fc1["id"]) and view.current_node_id() == trace[-1]["node"]


def test_collapsing_an_outer_box_takes_the_inner_ones_with_it(net):
    graph = net["graph"]
    outer = _module(net, "", "Net")["id"]
    shown = collapse_calls(graph, {outer, _module(net, "fc1", "Linear")["id"]})
    ids = {n["id"] for n in shown["nodes"]}
    assert COLLAPSED_PREFIX + outer in ids and len([i for i in ids if i.startswith(COLLAPSED_PREFIX)]) == 1
    kinds = sorted(n["grad_fn"] or n["kind"] for n in shown["nodes"])
    assert kinds == ["MseLossBackward0", "fold"]
    fold = next(n for n in shown["nodes"] if n["kind"] == "fold")
    assert fold["count"] == len(graph["nodes"]) - 1
    assert {m["type"] for m in shown["modules"]} == {"MSELoss"}
    assert collapse_calls(graph, {"no such call"}) is graph


def test_repeated_calls_of_a_module_fold_under_its_name_and_step_through(qtbot):
    a = analyze(textwrap.dedent("""
        import torch
        import torch.nn as nn

        class Cell(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(2, 2)

            def forward(self, h):
                return torch.tanh(self.lin(h))

        torch.manual_seed(0)
        cell = Cell()
        h = torch.randn(1, 2)
        for _ in range(40):
            h = cell(h)
        out = h.sum()
        out.backward()
    """)).to_json()
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.set_graph(a["graph"])
    fold = next(n for n in view.node_items() if n.kind == "fold")
    repeats = fold.node["repeats"]
    assert fold._lines()[0][0] == f"cell (Cell) ×{repeats}"
    assert f"{repeats} calls of cell (Cell)" in fold.toolTip()
    hidden = set(fold.node["folded"])
    on_fold = 0
    for index, step in enumerate(a["trace"]):
        view.show_step(a["trace"], index)
        assert view.current_node_id() == (fold.node_id if step["node"] in hidden else step["node"])
        on_fold += step["node"] in hidden
    assert on_fold == len(hidden)


def test_a_box_says_which_call_in_the_apps_language():
    from desktop.graph.items import module_title
    assert module_title({"path": "lin", "type": "Linear", "label": "lin (Linear) · call 2"}) == "lin (Linear) · call 2"
    assert module_title({"path": "", "type": "Net", "name": "net", "label": "net (Net)"}) == "net (Net)"
    assert module_title({"path": "", "type": "MSELoss", "name": None, "label": "MSELoss"}) == "MSELoss"
