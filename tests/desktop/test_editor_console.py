"""The program editor and the console (pytest-qt, offscreen)."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import QApplication

from desktop.console import ConsoleView
from desktop.editor import CodeEditor

SEED = Path(__file__).resolve().parent.parent / "data" / "examples" / "seed_02b_backward_twice_error.py"
TWICE = ("Trying to backward through the graph a second time (or directly access saved tensors after they "
         "have already been freed). Saved intermediate values of the graph are freed when you call "
         ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
         "graph a second time or if you need to access saved tensors after calling backward.")


@pytest.fixture
def editor(qtbot):
    widget = CodeEditor()
    qtbot.addWidget(widget)
    widget.resize(700, 450)
    widget.set_program(SEED.read_text(encoding="utf-8"))
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def console(qtbot):
    widget = ConsoleView()
    qtbot.addWidget(widget)
    widget.resize(700, 450)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def error_selections(editor):
    return [s for s in editor.extraSelections()
            if s.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline]


# -- editor -------------------------------------------------------------------------------------

def test_line_number_area_grows_with_the_line_count(editor):
    editor.set_program("x = 1\n" * 5)
    narrow = editor.line_number_area_width()
    editor.set_program("x = 1\n" * 150)
    wider = editor.line_number_area_width()
    editor.set_program("x = 1\n" * 1500)
    widest = editor.line_number_area_width()
    assert narrow < wider < widest
    assert editor.viewportMargins().left() == widest
    assert editor.line_number_area().width() == widest


def test_set_error_underlines_the_line_and_shows_the_message(editor, qtbot):
    editor.set_error(10, None, f"RuntimeError: {TWICE}")
    [mark] = error_selections(editor)
    assert mark.cursor.block().blockNumber() == 9
    assert mark.cursor.selectedText() == "out.backward()"
    assert mark.format.underlineColor() == QColor("#d32f2f")
    assert editor.error_line() == 10
    bar = editor.error_bar()
    assert bar.isVisible() and bar.height() > 0
    assert bar.text().startswith("Line 10: RuntimeError: Trying to backward")
    assert bar.toolTip() == f"RuntimeError: {TWICE}"
    assert editor.viewportMargins().bottom() == bar.height()  # the bar never covers code


def _cursor_at(editor, line):
    return QTextCursor(editor.document().findBlockByNumber(line - 1))


def test_set_error_with_a_column_underlines_the_token(editor):
    editor.set_program("import torch\nx = torch.ones(2)\ny = undefined_name + x\n")
    editor.set_error(3, 5, "NameError: name 'undefined_name' is not defined")
    [mark] = error_selections(editor)
    assert mark.cursor.selectedText() == "undefined_name"


def test_set_error_at_a_bracket_underlines_to_the_end_of_the_line(editor):
    editor.set_program("import torch\nx = torch.ones(2, requires_grad=True\n")
    editor.set_error(2, 15, "SyntaxError: '(' was never closed")
    [mark] = error_selections(editor)
    assert mark.cursor.selectedText() == "(2, requires_grad=True"


def test_an_error_without_a_line_shows_only_the_bar(editor):
    editor.set_error(None, None, "MemoryError: the program ran out of memory")
    assert error_selections(editor) == []
    assert editor.error_line() is None
    assert editor.error_bar().isVisible()
    assert editor.error_bar().text() == "MemoryError: the program ran out of memory"


def test_clear_error_removes_marks(editor):
    editor.set_error(10, None, "boom")
    editor.clear_error()
    assert error_selections(editor) == []
    assert not editor.error_bar().isVisible()
    assert editor.viewportMargins().bottom() == 0
    assert editor.error_line() is None


def test_set_program_clears_an_old_error(editor):
    editor.set_error(10, None, "boom")
    editor.set_program("import torch\n")
    assert editor.error_line() is None


def test_current_line_is_highlighted(editor):
    editor.go_to_line(4)
    full_width = [s for s in editor.extraSelections()
                  if s.format.property(QTextFormat.Property.FullWidthSelection)]
    assert any(s.cursor.blockNumber() == 3 for s in full_width)


def test_ctrl_return_and_ctrl_enter_emit_run_requested(editor, qtbot):
    before = editor.program()
    with qtbot.waitSignal(editor.runRequested, timeout=1000):
        qtbot.keyClick(editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    with qtbot.waitSignal(editor.runRequested, timeout=1000):
        qtbot.keyClick(editor, Qt.Key.Key_Enter,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.KeypadModifier)
    assert editor.program() == before  # no newline was inserted


def test_edited_quietly_fires_once_after_typing_stops(editor, qtbot):
    with qtbot.waitSignal(editor.editedQuietly, timeout=2000) as blocker:
        qtbot.keyClicks(editor, "abc")
    assert blocker.signal_triggered
    # Only once for the whole burst of typing.
    with qtbot.assertNotEmitted(editor.editedQuietly, wait=700):
        pass


def test_edited_quietly_waits_for_the_pause(editor, qtbot):
    fired = []
    editor.editedQuietly.connect(lambda: fired.append(1))
    for _ in range(4):
        qtbot.keyClick(editor, Qt.Key.Key_A)
        qtbot.wait(150)  # shorter than the quiet delay: the timer restarts
    assert fired == []
    qtbot.waitUntil(lambda: fired == [1], timeout=2000)


def test_set_program_does_not_emit_edited_quietly(editor, qtbot):
    with qtbot.assertNotEmitted(editor.editedQuietly, wait=700):
        editor.set_program("import torch\nx = torch.ones(3)\n")


def test_a_palette_change_does_not_emit_edited_quietly(editor, qtbot):
    dark = QPalette(editor.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#1b1c1f"))
    dark.setColor(QPalette.ColorRole.Text, QColor("#e8eaed"))
    with qtbot.assertNotEmitted(editor.editedQuietly, wait=700):
        editor.setPalette(dark)
    assert editor.highlighter().is_dark()


def test_undo_and_redo_with_the_keyboard(editor, qtbot):
    original = editor.program()
    editor.moveCursor(editor.textCursor().MoveOperation.End)
    qtbot.keyClicks(editor, "y = 1")
    assert editor.program().endswith("y = 1")
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.program() == original
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert editor.program().endswith("y = 1")


def test_loading_a_program_is_one_undo_step(editor, qtbot):
    original = editor.program()
    editor.set_program("import torch\n")
    assert editor.program() == "import torch\n"
    editor.undo()
    assert editor.program() == original


def test_the_first_program_cannot_be_undone_to_nothing(qtbot):
    widget = CodeEditor()
    qtbot.addWidget(widget)
    widget.set_program("import torch\n")
    assert not widget.document().isUndoAvailable()


def test_tab_inserts_four_spaces_and_return_indents_after_a_colon(editor, qtbot):
    editor.set_program("")
    qtbot.keyClicks(editor, "for i in range(3):")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "x = i")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    qtbot.keyClicks(editor, "y")
    assert editor.program() == "for i in range(3):\n    x = i\n        y"
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    assert editor.program().endswith("\n    ")


def test_colon_in_a_comment_does_not_indent(editor, qtbot):
    editor.set_program("")
    qtbot.keyClicks(editor, "x = 1  # note:")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert editor.program() == "x = 1  # note:\n"


def test_go_to_line_moves_the_cursor(editor):
    editor.go_to_line(7)
    assert editor.textCursor().blockNumber() == 6
    assert editor.textCursor().positionInBlock() == 0


def test_font_size_can_change(editor):
    before = editor.line_number_area_width()
    editor.set_font_point_size(24)
    assert editor.font().pointSizeF() == 24
    assert editor.line_number_area_width() > before


def _colour_at(editor, line, column):
    block = editor.document().findBlockByNumber(line)
    for fmt_range in block.layout().formats():
        if fmt_range.start <= column < fmt_range.start + fmt_range.length:
            return fmt_range.format.foreground().color()
    return None


def test_highlighter_colours_keywords_strings_and_comments(editor):
    editor.set_program('import torch\ns = f"x={x}"  # "not a string"\n@decorator\ny = 1.5e-3 + len(s)\n')
    colour = editor.highlighter().format_for
    assert _colour_at(editor, 0, 0) == colour("keyword").foreground().color()
    assert _colour_at(editor, 0, 8) == colour("torch").foreground().color()
    assert _colour_at(editor, 1, 4) == colour("string").foreground().color()
    assert _colour_at(editor, 1, 8) == colour("fstring_field").foreground().color()
    assert _colour_at(editor, 1, 16) == colour("comment").foreground().color()
    assert _colour_at(editor, 2, 0) == colour("decorator").foreground().color()
    assert _colour_at(editor, 3, 4) == colour("number").foreground().color()
    assert _colour_at(editor, 3, 13) == colour("builtin").foreground().color()


def test_highlighter_follows_strings_over_lines(editor):
    editor.set_program('s = """first\nimport # inside\n"""\nimport torch  # "x"\n')
    colour = editor.highlighter().format_for
    string = colour("string").foreground().color()
    assert _colour_at(editor, 1, 0) == string  # "import" inside the string is not a keyword
    assert _colour_at(editor, 1, 7) == string  # and "#" does not start a comment
    assert _colour_at(editor, 3, 0) == colour("keyword").foreground().color()
    assert _colour_at(editor, 3, 15) == colour("comment").foreground().color()


def test_highlighter_has_dark_colours(editor):
    light = editor.highlighter().format_for("keyword").foreground().color()
    editor.highlighter().set_dark(True)
    dark = editor.highlighter().format_for("keyword").foreground().color()
    assert dark.lightness() > light.lightness()


# -- console ------------------------------------------------------------------------------------

def test_console_shows_output_error_and_explanation(console):
    console.set_run("tensor([1., 2.])\n",
                    {"type": "RuntimeError", "message": TWICE, "line": 10, "kind": "raised"}, [])
    text = console.browser().toPlainText()
    assert "tensor([1., 2.])" in text
    assert "RuntimeError" in text and "line 10" in text
    assert "Trying to backward through the graph a second time" in text
    assert "Backward through the same graph twice" in text      # the explanation's title
    assert "retain_graph=True" in text.split("Usual fix:", 1)[1]  # and its fix
    assert console.error_line() == 10


def _click_text(qtbot, console, needle):
    browser = console.browser()
    cursor = browser.document().find(needle)
    assert not cursor.isNull(), needle
    cursor.setPosition(cursor.selectionStart() + 1)
    point = browser.cursorRect(cursor).center()
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_clicking_the_line_link_emits_line_activated(console, qtbot):
    console.set_run("", {"type": "RuntimeError", "message": TWICE, "line": 10, "kind": "raised"}, [])
    with qtbot.waitSignal(console.lineActivated, timeout=1000) as blocker:
        _click_text(qtbot, console, "line 10")
    assert blocker.args == [10]


def test_clicking_the_error_card_emits_line_activated(console, qtbot):
    console.set_run("", {"type": "RuntimeError", "message": TWICE, "line": 7, "kind": "raised"}, [])
    with qtbot.waitSignal(console.lineActivated, timeout=1000) as blocker:
        _click_text(qtbot, console, "Saved intermediate values")
    assert blocker.args == [7]


def test_clicking_the_output_does_not_jump(console, qtbot):
    console.set_run("hello\n", {"type": "RuntimeError", "message": TWICE, "line": 7, "kind": "raised"}, [])
    with qtbot.assertNotEmitted(console.lineActivated, wait=200):
        _click_text(qtbot, console, "hello")


def test_warnings_are_shown_with_their_explanation(console):
    message = ("The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
               "attribute won't be populated during autograd.backward().")
    console.set_run("None\n", None, [f"UserWarning: {message}"])
    text = console.browser().toPlainText()
    assert "UserWarning" in text and "not a leaf Tensor" in text
    assert "retain_grad()" in text
    assert console.error_line() is None


def test_limit_and_rejected_errors_have_their_own_wording(console):
    limit = ("the program went past the limit of 100,000 iterations of one loop. If this is intended, raise "
             "the limit (option --max-loop-iterations, or Settings > Limits in the app).")
    console.set_run("", {"type": "LimitExceeded", "message": limit, "line": 3, "kind": "limit"}, [])
    text = console.browser().toPlainText()
    assert "Stopped by a limit" in text and "--max-loop-iterations" in text
    assert "LimitExceeded" not in text.splitlines()[0]

    rejected = "'import os' is not available; programs can import torch, torch.nn.functional, torch.autograd, " \
               "copy and math"
    console.set_run("", {"type": "ProgramRejected", "message": rejected, "line": 1, "col": 1,
                         "kind": "rejected"}, [])
    text = console.browser().toPlainText()
    assert "Not run" in text and "'import os' is not available" in text and "column 1" in text


def test_unknown_errors_show_the_message_alone(console):
    console.set_run("", {"type": "ValueError", "message": "bad gradient seen in hook", "line": 11,
                         "inner_line": 6, "kind": "raised"}, [])
    text = console.browser().toPlainText()
    assert "bad gradient seen in hook" in text and "Usual fix" not in text
    assert "line 6" in text  # where inside the function it happened


def test_console_clear(console):
    console.set_run("x\n", None, [])
    console.clear()
    assert console.browser().toPlainText() == ""
    assert console.error_line() is None


def test_console_follows_a_dark_palette(console):
    console.set_run("", {"type": "RuntimeError", "message": TWICE, "line": 10, "kind": "raised"}, [])
    dark = QPalette(console.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#1b1c1f"))
    dark.setColor(QPalette.ColorRole.Text, QColor("#e8eaed"))
    console.setPalette(dark)
    QApplication.processEvents()
    assert "#ff8a80" in console.browser().toHtml()


def test_editor_and_console_work_together(editor, console, qtbot):
    console.lineActivated.connect(editor.go_to_line)
    console.set_run("", {"type": "RuntimeError", "message": TWICE, "line": 10, "kind": "raised"}, [])
    _click_text(qtbot, console, "line 10")
    assert editor.textCursor().blockNumber() == 9


def test_the_gutter_tooltip_shows_the_message_on_the_error_line_only(editor):
    editor.set_error(10, None, "RuntimeError: boom")
    on_error = editor.cursorRect(_cursor_at(editor, 10)).center().y()
    elsewhere = editor.cursorRect(_cursor_at(editor, 3)).center().y()
    assert editor.line_number_area().tooltip_at(on_error) == "RuntimeError: boom"
    assert editor.line_number_area().tooltip_at(elsewhere) == ""
