"""Graph text is readable without zooming (issue 15, item 6: "6-9 px at 1920x1080 maximised: a
16-node graph cannot be read"): the view never fits the graph so small that its text is drawn under
11 px on screen (larger in presenter mode, by the presenter text scale); a graph larger than the view
at that size is panned, centred on the current step's node, which stepping keeps in view."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

import resources
from core.analysis import analyze
from desktop.graph.graph_view import GraphView
from desktop.main_window import MainWindow

MIN_PX = 11.0
LESSON_16_NODES = "10_jacobian_index_assign.py"   # 16 nodes
MLP = "15_tiny_mlp_step.py"


def graph_fonts(view: GraphView) -> list:
    s = view.style_
    return [s.title_font, s.detail_font, s.small_font, s.label_font, s.label_bold_font]


def smallest_on_screen(view: GraphView) -> float:
    """The smallest text of the graph as drawn: its pixel size times the view's scale."""
    return min(font.pixelSize() for font in graph_fonts(view)) * view.transform().m11()


def visible_scene_rect(view: GraphView):
    return view.mapToScene(view.viewport().rect()).boundingRect()


def current_node_in_view(view: GraphView) -> bool:
    node = view.node_item(view.current_node_id())
    return node is not None and visible_scene_rect(view).contains(node.sceneBoundingRect())


def maximised_window(qtbot, lesson: str) -> MainWindow:
    window = MainWindow(resources.read_lesson(lesson), lesson, autorun=False)
    qtbot.addWidget(window)
    window.showMaximized()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    qtbot.wait(50)
    return window


@pytest.mark.parametrize("lesson", [LESSON_16_NODES, MLP])
def test_maximised_at_1920x1080_graph_text_is_readable_and_stepping_keeps_the_node_in_view(
        qtbot, private_settings, lesson):
    window = maximised_window(qtbot, lesson)
    assert window.screen().geometry().height() == 1080
    graph = window.graph
    assert graph.viewport().width() < 1000           # the graph pane is a part of the window
    assert smallest_on_screen(graph) >= MIN_PX - 1e-6, graph.transform().m11()
    for index in range(len(window.state.trace)):
        window.state.set_step(index)
        assert smallest_on_screen(graph) >= MIN_PX - 1e-6, f"step {index}"
        assert current_node_in_view(graph), f"step {index}: the current node is out of view"
    window.state.set_step(-1)
    assert smallest_on_screen(graph) >= MIN_PX - 1e-6


def test_on_a_1024x768_screen_too(qtbot, private_settings):
    window = MainWindow(resources.read_lesson(LESSON_16_NODES), LESSON_16_NODES, autorun=False)
    qtbot.addWidget(window)
    projector = next(s for s in QApplication.screens() if s.geometry().height() == 768)
    window.setScreen(projector)
    window.move(projector.geometry().topLeft())
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    graph = window.graph
    for index in range(len(window.state.trace)):
        window.state.set_step(index)
        assert smallest_on_screen(graph) >= MIN_PX - 1e-6
        assert current_node_in_view(graph), f"step {index}"


def test_presenter_mode_draws_graph_text_larger_by_the_presenter_scale(qtbot, private_settings):
    window = maximised_window(qtbot, LESSON_16_NODES)
    graph = window.graph
    node_fonts = graph_fonts(graph)[:3]
    try:
        window.set_presenter_mode(True)
        qtbot.wait(50)
        scale = window.presenter.screen_scale() if hasattr(window, "presenter") else graph.style_.label_scale
        assert scale > 1
        for index in (-1, 0, 5, len(window.state.trace) - 1):
            window.state.set_step(index)
            shown = min(f.pixelSize() for f in node_fonts) * graph.transform().m11()
            assert shown >= MIN_PX * scale - 1e-6, (index, shown)
            if index >= 0:
                assert current_node_in_view(graph), f"step {index}"
    finally:
        window.set_presenter_mode(False)
    assert smallest_on_screen(graph) >= MIN_PX - 1e-6


@pytest.fixture(scope="module")
def index_assign():
    return analyze(resources.read_lesson(LESSON_16_NODES), pytorch="off").to_json()


def test_a_view_smaller_than_the_graph_pans_at_a_readable_size_and_follows_the_step(qtbot, index_assign):
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    view.set_graph(index_assign["graph"])
    trace = index_assign["trace"]
    whole = min(view.viewport().width() / view.sceneRect().width(),
                view.viewport().height() / view.sceneRect().height())
    assert whole * 9 < MIN_PX                        # fitted whole, its text would be unreadable
    assert smallest_on_screen(view) >= MIN_PX - 1e-6
    for index in range(len(trace)):
        view.show_step(trace, index)
        assert smallest_on_screen(view) >= MIN_PX - 1e-6
        assert current_node_in_view(view), f"step {index}"
    view.resize(700, 500)                            # resizing keeps it readable and following
    qtbot.wait(10)
    assert smallest_on_screen(view) >= MIN_PX - 1e-6 and current_node_in_view(view)


def test_the_users_own_zoom_may_go_smaller_and_ctrl_0_comes_back(qtbot, index_assign):
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    view.set_graph(index_assign["graph"])
    readable = view.zoom_level()
    view.zoom_by(0.5)
    assert view.zoom_level() == pytest.approx(readable * 0.5)    # an overview, asked for
    trace = index_assign["trace"]
    view.zoom_by(2.5)                                            # zoomed in: stepping scrolls to the node
    for index in range(len(trace)):
        view.show_step(trace, index)
        assert current_node_in_view(view), f"step {index}"
    view.fit()
    assert view.zoom_level() == pytest.approx(readable)


def test_a_small_graph_still_fits_whole(qtbot):
    a = analyze(resources.read_lesson("14_softmax_cross_entropy.py"), pytorch="off").to_json()
    view = GraphView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.set_graph(a["graph"])
    assert visible_scene_rect(view).contains(view.sceneRect().adjusted(1, 1, -1, -1))
    assert smallest_on_screen(view) >= MIN_PX - 1e-6
