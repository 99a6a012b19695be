"""The Paths tab (issue 15, item 9): elements named as J names them and said once in Python's
0-based form, the input each path goes through at a node with several, and a clicked path marked
on the graph; the v editor names v's elements as J does before any analysis."""
from __future__ import annotations

from PySide6.QtCore import QUrl

from tests.windows import open_window

SQUARE = """import torch
x = torch.tensor([2.0, 3.0], requires_grad=True)
y = x * x
out = y.sum()
out.backward()
"""


def show_paths(qtbot, window, leaf, row, col):
    with qtbot.waitSignal(window.host.worker.pathsReady, timeout=30000) as ready:
        window._entry_activated(leaf, row, col)
    assert ready.args is not None
    qtbot.waitUntil(lambda: window._paths_result is not None, timeout=5000)
    return window.paths_view.toPlainText()


def test_the_two_paths_of_y_times_y_say_which_factor_and_clicking_one_marks_it(qtbot, private_settings):
    window = open_window(qtbot, SQUARE)
    text = show_paths(qtbot, window, "x", 0, 1)
    assert "∂out / ∂x₂ = 6: the sum over 2 path(s)" in text
    assert "x₂ is x[1]" in text                      # the 1-based name said once in Python's terms
    assert "via self, input 1 of 2" in text and "via other, input 2 of 2" in text
    assert "MulBackward0 (y₂) ×3" in text
    assert "[1]" not in text.replace("x[1]", "")       # no bare 0-based index in the paths themselves
    assert window.side_tabs.currentWidget() is window.paths_view

    graph = window.graph
    assert graph.path_item_ids() == []
    steps = window._paths_result["paths"][1]["steps"]
    window._path_clicked(QUrl("path:1"))
    marked = graph.path_item_ids()
    mul, leaf = steps[1]["node"], steps[2]["node"]
    assert mul in marked and leaf in marked and steps[0]["node"] in marked
    edges = [m for m in marked if isinstance(m, tuple)]
    # of the two edges from MulBackward0 to x, exactly the one this path goes through
    assert (mul, leaf, steps[1]["via"]) in edges and (mul, leaf, 1 - steps[1]["via"]) not in edges
    assert len(edges) == 2

    window._path_clicked(QUrl("path:0"))
    other = [m for m in graph.path_item_ids() if isinstance(m, tuple)]
    assert (mul, leaf, 1 - steps[1]["via"]) in other
    window._path_clicked(QUrl("https://example.com"))   # not a path link: nothing changes
    assert [m for m in graph.path_item_ids() if isinstance(m, tuple)] == other


def test_a_new_analysis_clears_the_paths_and_their_mark(qtbot, private_settings):
    window = open_window(qtbot, SQUARE)
    show_paths(qtbot, window, "x", 0, 0)
    window._path_clicked(QUrl("path:0"))
    assert window.graph.path_item_ids()
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    assert window.graph.path_item_ids() == [] and window.paths_view.toPlainText() == ""


def test_the_v_editor_names_elements_as_j_does_before_an_analysis(qtbot, private_settings):
    from desktop.results.v_editor import VEditor
    editor = VEditor()
    qtbot.addWidget(editor)
    editor.set_shape([1, 2])
    assert [editor.grid.horizontalHeaderItem(c).text() for c in range(2)] == ["out₁₁", "out₁₂"]


def test_a_long_v_keeps_its_row_of_values_visible_above_the_scroll_bar(qtbot, private_settings):
    # with 30 elements the grid scrolls sideways; its bar covered the one row of values
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from desktop.results.v_editor import VEditor
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    editor = VEditor()
    layout.addWidget(editor)
    layout.addStretch(1)
    editor.set_shape([30])
    host.resize(420, 400)
    host.show()
    qtbot.waitExposed(host)
    grid = editor.grid
    qtbot.waitUntil(lambda: grid.horizontalScrollBar().isVisible(), timeout=3000)
    qtbot.waitUntil(lambda: grid.viewport().height() >= grid.rowHeight(0), timeout=3000)
    host.resize(3000, 400)          # wide enough for every element: no bar, no room kept for one
    qtbot.waitUntil(lambda: not grid.horizontalScrollBar().isVisible(), timeout=3000)
    qtbot.waitUntil(lambda: grid.height() == grid.sizeHint().height(), timeout=3000)
    assert grid.viewport().height() >= grid.rowHeight(0)
