"""The lesson browser: every lesson listed with its title in the UI's language,
its explanation and what to look at, and opening one in the editor (offscreen)."""
import json

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

import resources
from desktop.appearance import settings as app_settings
from desktop.lessons.browser import LessonBrowser, lesson_language
from desktop.main_window import MainWindow

PROGRAM = "import torch\nx = torch.ones(2, requires_grad=True)\nout = (x * 2).sum()\nout.backward()\n"
LESSON = "10_jacobian_index_assign.py"


def info(name):
    path = resources.lessons_folder() / (name[:-3] + ".json")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def isolated(private_settings):
    """Settings and recovery files in tmp_path (tests/desktop/conftest.py): never the user's."""
    yield private_settings


@pytest.fixture
def window(qtbot):
    w = MainWindow(PROGRAM, "start.py", autorun=False)
    qtbot.addWidget(w)
    w.resize(1440, 900)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()
    if w.files.close_prompt is not None:
        w.files.close_prompt.button(QMessageBox.StandardButton.Discard).click()


@pytest.fixture
def chinese():
    from desktop.i18n import set_language
    assert set_language("zh_CN", save=False) == "zh_CN"
    yield
    set_language("en", save=False)


def answer_next_question(button, seen: list):
    """Click ``button`` in the next modal "Save changes?" box (from the box's own event loop)."""
    def click():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        box.button(button).click()
    QTimer.singleShot(0, click)


def test_the_browser_lists_every_lesson_with_its_english_title(window):
    browser = window.lessons_dock.browser
    assert window.lessons_dock.isVisible()   # shown at first start
    names = resources.lesson_names()
    assert len(names) == 16
    assert browser.lesson_names() == names
    titles = [info(n)["title"]["en"] for n in names]
    assert browser.language() == "en"
    assert browser.titles() == titles
    shown = [browser.list.item(i).text() for i in range(browser.list.count())]
    assert all(text.startswith(name[:2]) and text.endswith(title) for text, name, title in zip(shown, names, titles))


def test_the_browser_shows_chinese_titles_and_texts_when_the_ui_is_chinese(window, chinese):
    browser = window.lessons_dock.browser
    assert lesson_language() == "zh"
    assert browser.language() == "zh"   # switched by the LanguageChange event, no restart
    names = resources.lesson_names()
    assert browser.titles() == [info(n)["title"]["zh"] for n in names]
    assert browser.list.item(9).text().endswith(info(LESSON)["title"]["zh"])
    browser.select(LESSON)
    text = browser.details_text()
    assert info(LESSON)["text"]["zh"] in text
    assert all(item in text for item in info(LESSON)["look_at"]["zh"])
    assert info(LESSON)["text"]["en"] not in text


def test_an_explicit_language_overrides_the_ui(qtbot):
    browser = LessonBrowser(language="zh")
    qtbot.addWidget(browser)
    assert browser.titles()[0] == info(resources.DEFAULT_LESSON)["title"]["zh"]
    browser.set_language("en")
    assert browser.titles()[0] == info(resources.DEFAULT_LESSON)["title"]["en"]


def test_selecting_a_lesson_shows_its_explanation_and_what_to_look_at(window):
    browser = window.lessons_dock.browser
    assert browser.select(LESSON)
    assert browser.selected() == LESSON
    text = browser.details_text()
    meta = info(LESSON)
    assert meta["title"]["en"] in text and meta["text"]["en"] in text
    for item in meta["look_at"]["en"]:
        assert item in text
    assert browser.open_button.isEnabled()
    assert not browser.select("99_no_such_lesson.py")


def test_the_open_button_puts_the_lesson_in_the_editor_and_runs_it(qtbot, window):
    browser = window.lessons_dock.browser
    browser.select(LESSON)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        qtbot.mouseClick(browser.open_button, Qt.MouseButton.LeftButton)
    assert window.editor.program() == resources.read_lesson(LESSON)
    s = window.state
    assert s.program == resources.read_lesson(LESSON)
    assert s.run["error"] is None and "tensor([[14., 98.]])" in s.run["stdout"]
    assert s.analysis is not None and s.analysis["match"]
    assert len(s.trace) == 16   # the index-assignment graph, ready to step through
    assert app_settings.load(app_settings.LAST_LESSON) == LESSON


def test_enter_and_double_click_open_a_lesson_too(qtbot, window):
    browser = window.lessons_dock.browser
    browser.select("03_mm_gradient.py")
    browser.list.setFocus()
    with qtbot.waitSignal(browser.openRequested) as opened:
        qtbot.keyClick(browser.list, Qt.Key.Key_Return)
    assert opened.args == ["03_mm_gradient.py"]
    assert window.editor.program() == resources.read_lesson("03_mm_gradient.py")
    item = browser.list.item(4)
    rect = browser.list.visualItemRect(item)
    # a double click is a press, a release, then the double click (the view opens what was pressed)
    qtbot.mouseClick(browser.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert browser.selected() == resources.lesson_names()[4]
    with qtbot.waitSignal(browser.openRequested) as opened:
        qtbot.mouseDClick(browser.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == [resources.lesson_names()[4]]
    assert window.editor.program() == resources.read_lesson(resources.lesson_names()[4])


def test_cancel_on_unsaved_changes_keeps_the_text(qtbot, window):
    window.editor.setPlainText(PROGRAM + "print('my own work')\n")
    assert window.document.is_modified()
    mine = window.editor.program()
    browser = window.lessons_dock.browser
    browser.select(LESSON)
    seen = []
    answer_next_question(QMessageBox.StandardButton.Cancel, seen)
    assert window.open_lesson(LESSON) is False
    assert seen and "Save changes" in seen[0]
    assert window.editor.program() == mine
    assert app_settings.load(app_settings.LAST_LESSON) == ""   # nothing opened, nothing kept
    # Discard: the lesson replaces the work
    answer_next_question(QMessageBox.StandardButton.Discard, seen)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        assert window.open_lesson(LESSON) is True
    assert window.editor.program() == resources.read_lesson(LESSON)


def test_ctrl_l_hides_and_shows_the_browser_and_it_is_remembered(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    window.graph.setFocus()
    assert window.lessons_action.shortcut().toString() == "Ctrl+L"
    qtbot.keyClick(window.graph, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert not window.lessons_dock.isVisible()
    assert app_settings.load(app_settings.LESSONS_VISIBLE) is False
    second = MainWindow(PROGRAM, "other.py", autorun=False)
    qtbot.addWidget(second)
    second.show()
    assert not second.lessons_dock.isVisible()   # the next window starts without it
    second.close()
    window.lessons_action.trigger()
    assert window.lessons_dock.isVisible()
    assert app_settings.load(app_settings.LESSONS_VISIBLE) is True


def test_a_new_window_with_another_program_selects_no_lesson_but_goes_on_from_the_last(qtbot, window):
    """Issue 15: the browser showed the last lesson opened beside a program that is no lesson
    (``--program``); it selects none now, and "Next lesson" still goes on from the last one."""
    browser = window.lessons_dock.browser
    browser.select(LESSON)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        browser.open_selected()
    second = MainWindow(PROGRAM, "not_a_lesson.py", autorun=False)
    qtbot.addWidget(second)
    assert second.lessons_dock.browser.selected() is None
    assert "Choose a lesson" in second.lessons_dock.browser.details_text()
    names = resources.lesson_names()
    with qtbot.waitSignal(second.state.resultsChanged, timeout=60000):
        assert second.open_adjacent_lesson(1)
    assert second.lessons_dock.browser.selected() == names[names.index(LESSON) + 1]
    # a program that only shares a lesson's file name is not that lesson
    impostor = MainWindow(PROGRAM, "02_leaf_tensors.py", autorun=False)
    qtbot.addWidget(impostor)
    assert impostor.lessons_dock.browser.selected() is None
    second.close()
    third = MainWindow(resources.read_lesson("02_leaf_tensors.py"), "02_leaf_tensors.py", autorun=False)
    qtbot.addWidget(third)
    assert third.lessons_dock.browser.selected() == "02_leaf_tensors.py"   # the lesson in the editor wins
