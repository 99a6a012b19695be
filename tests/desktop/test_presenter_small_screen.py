"""Presenter mode on a 1024x768 projector (issue 15, item 3) and the clicker keys.

The window must fit the screen it opens on; presenting on a small screen keeps the verdict, J,
vᵀJ and x.grad in view without dragging a divider, the code readable (>= 40 characters a line,
also after Ctrl+L), and the graph's nodes readable before the first step.  PageDown / PageUp step
through the backward pass, Ctrl+PageDown / Ctrl+PageUp open the next / previous lesson.
"""
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

import resources
from desktop.main_window import MainWindow

from .conftest import PROJECTOR_SCREEN

LESSON = "10_jacobian_index_assign.py"   # J is 2x2, 16 backward steps


def projector():
    for screen in QGuiApplication.screens():
        if screen.name() == PROJECTOR_SCREEN:
            return screen
    pytest.skip("no 1024x768 offscreen screen (QT_QPA_PLATFORM was set to something else)")


@pytest.fixture(autouse=True)
def isolated(appearance_restored):
    yield appearance_restored


def close_window(w):
    w.presenter.set_active(False)
    w.close()
    if w.files.close_prompt is not None:
        w.files.close_prompt.button(QMessageBox.StandardButton.Discard).click()


def open_on(qtbot, screen, lesson=LESSON):
    """A window opened as the app opens it (no resize by the test), on ``screen``, analysed."""
    w = MainWindow(resources.read_lesson(lesson), lesson, autorun=False)
    qtbot.addWidget(w)
    w.move(screen.availableGeometry().topLeft())
    w.show()
    qtbot.waitExposed(w)
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.run_analysis()
    return w


@pytest.fixture
def small(qtbot):
    w = open_on(qtbot, projector())
    yield w
    close_window(w)


def settle(qtbot, w):
    from desktop.app import _settle
    _settle(QApplication.instance())
    qtbot.wait(50)


def shown_rect(widget, window) -> QRect:
    """The part of ``widget`` the user sees, in window coordinates (empty when hidden or
    scrolled out of view or outside the window)."""
    if not widget.isVisible():
        return QRect()
    region = widget.visibleRegion().boundingRect()
    rect = QRect(widget.mapTo(window, region.topLeft()), region.size())
    return rect.intersected(window.rect())


def fully_shown(widget, window) -> bool:
    rect = shown_rect(widget, window)
    return rect.size() == widget.size() and not rect.isEmpty()


def editor_columns(editor) -> float:
    return editor.viewport().width() / editor.fontMetrics().horizontalAdvance("x")


def test_the_window_opens_inside_the_available_geometry_of_a_small_screen(small):
    available = small.screen().availableGeometry()
    assert small.screen().name() == PROJECTOR_SCREEN
    assert small.frameGeometry().width() <= available.width()
    assert small.frameGeometry().height() <= available.height()
    assert available.contains(small.frameGeometry())


def test_the_window_fits_a_large_screen_too(qtbot):
    screen = QGuiApplication.primaryScreen()
    w = open_on(qtbot, screen)
    try:
        assert screen.availableGeometry().contains(w.frameGeometry())
    finally:
        close_window(w)


def test_presenting_on_1024x768_shows_the_verdict_j_vjp_and_grad_without_dragging(qtbot, small):
    small.set_presenter_mode(True)
    settle(qtbot, small)
    assert small.geometry().size() == projector().geometry().size()
    panel = small.results
    assert panel.verdict() == "agree"
    assert fully_shown(panel.verdict_label, small), "the verdict is not in view"
    for table in (panel.jacobian_table("x"), panel.block("x").vjp_table, panel.block("x").backward_table):
        assert fully_shown(table, small), f"{table} is not in view"
    # the verdict stays when the results are scrolled
    scroll = panel._scroll.verticalScrollBar()
    scroll.setValue(scroll.maximum())
    settle(qtbot, small)
    assert fully_shown(panel.verdict_label, small)


def graph_pane(window):
    """The graph and the stepper under it: what the teacher steps through."""
    return window.graph.parentWidget()


def test_presenting_on_1024x768_leaves_the_graph_40_percent_of_the_height(qtbot, small):
    """The results once took all but some 160 px of the 768 (the graph itself 124 px): now they are
    compact (vᵀJ = x.grad on one row) and the graph keeps a share it can be followed in."""
    small.set_presenter_mode(True)
    settle(qtbot, small)
    pane = graph_pane(small)
    assert fully_shown(pane, small)
    assert pane.height() >= 0.38 * small.height(), f"the graph pane is {pane.height()} px of {small.height()}"
    assert small.graph.height() >= 0.33 * small.height()
    block = small.results.block("x")
    vjp, grad = block.vjp_table, block.backward_table
    assert vjp.mapTo(small, vjp.rect().topLeft()).y() == grad.mapTo(small, grad.rect().topLeft()).y()
    assert block.relation.isVisible() and block.relation.text() == "="
    assert "never builds J" in block.bw_values_caption.toolTip()    # the explanation compact leaves out
    # and the tables are still all in view (as the test above asks)
    for table in (small.results.jacobian_table("x"), vjp, grad):
        assert fully_shown(table, small)


def test_presenting_a_wide_j_on_1024x768_keeps_x_grad_beside_vjp_in_view(qtbot):
    """W1's J typeset is wider than the pane (it scrolls sideways): vᵀJ = W1.grad stay at the left, in view."""
    w = open_on(qtbot, projector(), "15_tiny_mlp_step.py")
    try:
        w.set_presenter_mode(True)
        settle(qtbot, w)
        block = w.results.block("W1")
        assert block.sym_math.width() > w.results.width()      # the formula is wider than the pane
        for table in (w.results.jacobian_table("W1"), block.vjp_table, block.backward_table):
            assert fully_shown(table, w), f"{table} is not in view"
        assert graph_pane(w).height() >= 0.38 * w.height()
    finally:
        close_window(w)


def test_presenting_on_1024x768_in_chinese_leaves_the_graph_its_share_too(qtbot, small):
    from desktop.i18n import set_language
    set_language("zh_CN", save=False)
    try:
        small.set_presenter_mode(True)
        settle(qtbot, small)
        assert any("\u4e00" <= c <= "\u9fff" for c in small.results.verdict_label.text())
        assert graph_pane(small).height() >= 0.38 * small.height()
        assert fully_shown(small.results.verdict_label, small)
        block = small.results.block("x")
        for table in (small.results.jacobian_table("x"), block.vjp_table, block.backward_table):
            assert fully_shown(table, small)
    finally:
        small.set_presenter_mode(False)
        set_language("en", save=False)


def test_a_window_on_1024x768_gives_the_graph_a_third_of_its_height_outside_presenter_mode(qtbot, small):
    settle(qtbot, small)
    assert graph_pane(small).height() >= 0.35 * small.height()


def test_presenting_on_1024x768_keeps_40_characters_of_code_even_after_ctrl_l(qtbot, small):
    small.set_presenter_mode(True)
    settle(qtbot, small)
    assert editor_columns(small.editor) >= 40
    small.lessons_action.trigger()          # Ctrl+L: the lesson browser
    settle(qtbot, small)
    assert small.lessons_dock.isVisible()
    assert editor_columns(small.editor) >= 40
    assert fully_shown(small.results.verdict_label, small)


def test_a_window_opening_on_1024x768_with_the_lesson_browser_keeps_the_code_readable(qtbot, small):
    """The browser is shown by default: on a projector it opens as a narrow strip (as Ctrl+L shows
    it there), not 320 px that left some 25 characters of each line."""
    assert small.lessons_dock.isVisible()
    settle(qtbot, small)
    assert editor_columns(small.editor) >= 40
    assert small.lessons_dock.width() <= small.width() // 5 + 1


def test_ctrl_l_never_squeezes_the_editor_outside_presenter_mode(qtbot, small):
    small.lessons_dock.setVisible(False)
    small.lessons_action.trigger()
    settle(qtbot, small)
    assert small.lessons_dock.isVisible()
    assert editor_columns(small.editor) >= 40


def test_presenting_on_1024x768_draws_the_graph_readable_before_the_first_step(qtbot, small):
    small.set_presenter_mode(True)
    settle(qtbot, small)
    assert small.state.step == -1
    graph = small.graph
    label = graph.style_.label_font
    size = label.pixelSize() if label.pixelSize() > 0 else label.pointSizeF() * 96 / 72
    assert size * graph.zoom_level() >= 10, "node labels are drawn under 10 px before stepping"


def test_page_down_and_page_up_step_in_presenter_mode_from_anywhere(qtbot, small):
    small.set_presenter_mode(True)
    small.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    focus = QApplication.focusWidget()
    assert small.state.step == -1
    qtbot.keyClick(focus, Qt.Key.Key_PageDown)
    qtbot.keyClick(focus, Qt.Key.Key_PageDown)
    assert small.state.step == 1
    qtbot.keyClick(focus, Qt.Key.Key_PageUp)
    assert small.state.step == 0
    assert small.editor.program() == resources.read_lesson(LESSON)   # nothing typed


def test_ctrl_page_down_and_up_open_the_next_and_previous_lesson(qtbot, small):
    small.set_presenter_mode(True)
    names = small.lessons_dock.browser.lesson_names()
    i = names.index(LESSON)
    small.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    with qtbot.waitSignal(small.state.resultsChanged, timeout=60000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert small.editor.program() == resources.read_lesson(names[i + 1])
    with qtbot.waitSignal(small.state.resultsChanged, timeout=60000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert small.editor.program() == resources.read_lesson(LESSON)
    assert small.is_presenter_mode()


def test_the_clicker_keys_are_in_the_shortcut_list(qtbot, small):
    dialog = small.dialogs.show_shortcuts()
    try:
        keys = " ".join(k for _text, k in dialog.rows())
        assert "PgDown" in keys and "PgUp" in keys
        assert "Ctrl+PgDown" in keys and "Ctrl+PgUp" in keys
    finally:
        dialog.close()
