"""The ``grad:`` badges under the leaves stay apart: two leaves side by side (``X @ W``) drew their
badges over each other once both had a 2-D gradient (lesson 13 in presenter mode)."""
import resources
from core.analysis import analyze
from desktop.graph.graph_view import GraphView


def test_neighbouring_leaves_badges_do_not_overlap_and_keep_the_whole_value_in_the_tooltip(qtbot):
    a = analyze(resources.read_lesson("13_matmul_shapes.py")).to_json()
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(800, 500)
    view.set_graph(a["graph"])
    view.show_step(a["trace"], len(a["trace"]) - 1)     # both leaves have their .grad
    leaves = [item for item in (view.node_item(n["id"]) for n in a["graph"]["nodes"]) if item.kind == "leaf"]
    assert len(leaves) == 2
    boxes = [leaf.badge.mapRectToScene(leaf.badge.boundingRect()) for leaf in leaves]
    assert not boxes[0].intersects(boxes[1])
    w = next(leaf for leaf in leaves if leaf.node.get("name") == "W")
    assert w.grad_text().endswith("…")                   # cut to its room ...
    assert "[[1, 8], [2, 10], [3, 12]]" in w.badge.toolTip().replace(".0", "")   # ... whole here
