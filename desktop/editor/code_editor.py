"""The program editor: line numbers, current line, Python colours, the error mark.

``CodeEditor`` is a ``QPlainTextEdit`` with the usual Qt "code editor" pieces
written out here: a line-number gutter in the left viewport margin, a
highlight of the current line, a :class:`PythonHighlighter`, 4-space tabs and
auto-indent.  An error is shown four ways, so it is seen in class and in a
screenshot: a red wavy underline under the line (or the token at the column),
a red marker in the gutter whose tooltip is the message, the message drawn at
the end of the line when there is room, and an error bar under the text
that the editor owns (in the bottom viewport margin, so it never hides code).
An edit removes all four: an error belongs to the text it was found in.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt, QTimer, Signal
from PySide6.QtGui import (QColor, QFont, QFontDatabase, QFontMetricsF, QKeyEvent, QPainter, QPalette,
                           QTextCharFormat, QTextCursor, QTextFormat)
from PySide6.QtWidgets import QApplication, QLabel, QPlainTextEdit, QTextEdit, QWidget

from desktop.editor.highlighter import PythonHighlighter, is_dark
from desktop.editor.margins import ErrorBar, LineNumberArea

INDENT = "    "
QUIET_DELAY_MS = 400
DEFAULT_POINT_SIZE = 12


class CodeEditor(QPlainTextEdit):
    """A Python editor for the tensor programs.

    Signals: ``runRequested()`` on Ctrl+Return / Ctrl+Enter; ``editedQuietly()``
    once typing has stopped for ~400 ms (not for :meth:`set_program`).
    """

    runRequested = Signal()
    editedQuietly = Signal()

    ERROR_BAR_MAX_LINES = 3

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabChangesFocus(False)
        self.setAccessibleName(self.tr("Program editor"))     # and again on LanguageChange
        self._highlighter = PythonHighlighter(self.document(), is_dark(self.palette()))
        self._line_numbers = LineNumberArea(self)
        self._error_bar = ErrorBar(self)
        self._error_cursor: QTextCursor | None = None   # selects the marked text (until the next edit)
        self._error_message = ""
        self._loading = False

        self._quiet_timer = QTimer(self)
        self._quiet_timer.setSingleShot(True)
        self._quiet_timer.setInterval(QUIET_DELAY_MS)
        self._quiet_timer.timeout.connect(self.editedQuietly)

        self.blockCountChanged.connect(self._update_margins)
        self.updateRequest.connect(self._update_line_number_area)
        self.cursorPositionChanged.connect(self._update_extra_selections)
        self.textChanged.connect(self._on_text_changed)

        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setStyleHint(QFont.StyleHint.Monospace)
        font.setPointSize(max(font.pointSize(), DEFAULT_POINT_SIZE))
        self.set_font(font)
        self._apply_palette()

    # -- public API ---------------------------------------------------------------------------

    def set_program(self, text: str) -> None:
        """Show ``text`` without emitting ``editedQuietly``; clears the error.

        The first program replaces the empty document (nothing to undo); a later
        one replaces the text as one undo step, so Ctrl+Z brings back what was
        there before, and typing afterwards never merges with the replacement.
        """
        self._loading = True
        try:
            self.clear_error()
            if self.document().isEmpty() and not self.document().isUndoAvailable():
                self.setPlainText(text)
            else:
                cursor = QTextCursor(self.document())
                cursor.beginEditBlock()
                cursor.select(QTextCursor.SelectionType.Document)
                cursor.insertText(text)
                cursor.endEditBlock()
            self.moveCursor(QTextCursor.MoveOperation.Start)
            self.document().setModified(False)
        finally:
            self._loading = False
        self._quiet_timer.stop()

    def program(self) -> str:
        """The program text."""
        return self.toPlainText()

    def set_error(self, line: int | None, col: int | None, message: str) -> None:
        """Mark ``line`` (1-based; ``col`` 1-based or None for the whole line) with ``message``.

        With ``line`` None (an error without a place) only the error bar shows.
        """
        self._error_shown = (line, col, message)     # said again on LanguageChange
        self._error_cursor = None
        shown = message
        if line is not None:
            block = self.document().findBlockByNumber(max(line, 1) - 1)
            if not block.isValid():
                block = self.document().lastBlock()
            start, end = _error_span(block.text(), col)
            cursor = QTextCursor(block)
            cursor.setPosition(block.position() + start)
            cursor.setPosition(block.position() + end, QTextCursor.MoveMode.KeepAnchor)
            self._error_cursor = cursor
            shown = self.tr("Line {line}: {message}").format(line=block.blockNumber() + 1, message=message)
        self._error_message = message
        self._error_bar.set_full_text(shown)
        self._error_bar.setToolTip(message)
        self._error_bar.show()
        self._update_margins()
        self._update_extra_selections()
        self.viewport().update()
        self._line_numbers.update()

    def clear_error(self) -> None:
        """Remove the error mark, the gutter marker and the error bar."""
        self._error_shown = None
        self._error_cursor = None
        self._error_message = ""
        self._error_bar.hide()
        self._error_bar.set_full_text("")
        self._update_margins()
        self._update_extra_selections()
        self.viewport().update()
        self._line_numbers.update()

    def error_line(self) -> int | None:
        """The 1-based line the error mark is on, or None (an edit removes the mark)."""
        if self._error_cursor is None:
            return None
        return self.document().findBlock(self._error_cursor.selectionStart()).blockNumber() + 1

    def error_message(self) -> str:
        return self._error_message

    def error_bar(self) -> QLabel:
        """The label under the text that shows the error message."""
        return self._error_bar

    def go_to_line(self, line: int) -> None:
        """Put the cursor at the start of ``line`` (1-based) and centre it in the view."""
        block = self.document().findBlockByNumber(min(max(line, 1), self.blockCount()) - 1)
        cursor = QTextCursor(block)
        self.setTextCursor(cursor)
        self.centerCursor()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_font_point_size(self, points: float) -> None:
        """Change the text size (presenter mode); the gutter follows."""
        font = QFont(self.font())
        font.setPointSizeF(points)
        self.set_font(font)

    def set_font(self, font: QFont) -> None:
        self.setFont(font)
        self._line_numbers.setFont(font)
        # The message is prose: the widget font, a little smaller than the code.
        prose = QFont(QApplication.font())
        prose.setPointSizeF(max(font.pointSizeF() * 0.9, 8))
        self._error_bar.setFont(prose)
        self.setTabStopDistance(QFontMetricsF(font).horizontalAdvance(" ") * len(INDENT))
        self._update_margins()

    def highlighter(self) -> PythonHighlighter:
        return self._highlighter

    def line_number_area(self) -> QWidget:
        return self._line_numbers

    def line_number_area_width(self) -> int:
        """The gutter's width: it grows with the number of digits of the last line."""
        return self._line_numbers.preferred_width()

    def is_dark(self) -> bool:
        """True when the palette's text background is dark (colours follow)."""
        return is_dark(self.palette())

    # -- keys ---------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key, mods = event.key(), event.modifiers()
        is_return = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if is_return and mods & Qt.KeyboardModifier.ControlModifier:
            event.accept()
            self.runRequested.emit()
            return
        if is_return:
            # Shift+Return too: QPlainTextEdit would insert U+2028, which is not Python.
            self._newline_with_indent()
            return
        if key == Qt.Key.Key_Tab and not mods & Qt.KeyboardModifier.ControlModifier:
            self._indent()
            return
        if key == Qt.Key.Key_Backtab:
            self._dedent()
            return
        if key == Qt.Key.Key_Backspace and not mods and self._backspace_indent():
            return
        super().keyPressEvent(event)

    def _newline_with_indent(self) -> None:
        cursor = self.textCursor()
        line = cursor.block().text()[:cursor.positionInBlock()]
        indent = line[:len(line) - len(line.lstrip(" \t"))]
        if _code_part(line).rstrip().endswith(":"):
            indent += INDENT
        cursor.beginEditBlock()
        cursor.insertText("\n" + indent)
        cursor.endEditBlock()
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def _backspace_indent(self) -> bool:
        """In leading spaces, Backspace goes back to the previous indent level."""
        cursor = self.textCursor()
        if cursor.hasSelection():
            return False
        before = cursor.block().text()[:cursor.positionInBlock()]
        if not before or before.strip(" "):
            return False
        remove = (len(before) - 1) % len(INDENT) + 1
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor, remove)
        cursor.removeSelectedText()
        return True

    def _selected_blocks(self, cursor: QTextCursor):
        doc = self.document()
        first = doc.findBlock(cursor.selectionStart())
        last = doc.findBlock(cursor.selectionEnd())
        if last.position() == cursor.selectionEnd() and last != first:
            last = last.previous()  # a selection ending at a line start leaves that line alone
        block = first
        while block.isValid():
            yield block
            if block == last:
                break
            block = block.next()

    def _indent(self) -> None:
        cursor = self.textCursor()
        if not cursor.hasSelection():
            column = cursor.positionInBlock()
            cursor.insertText(" " * (len(INDENT) - column % len(INDENT)))
            return
        cursor.beginEditBlock()
        for block in list(self._selected_blocks(cursor)):
            edit = QTextCursor(block)
            edit.insertText(INDENT)
        cursor.endEditBlock()

    def _dedent(self) -> None:
        cursor = self.textCursor()
        cursor.beginEditBlock()
        for block in list(self._selected_blocks(cursor)):
            text = block.text()
            remove = len(text) - len(text.lstrip(" "))
            remove = min(remove, len(INDENT))
            if remove:
                edit = QTextCursor(block)
                edit.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, remove)
                edit.removeSelectedText()
        cursor.endEditBlock()

    # -- quiet edits --------------------------------------------------------------------------

    def _on_text_changed(self) -> None:
        if not self._loading:
            self._quiet_timer.start()
            if self._error_message:
                # the mark belongs to the text it was found in: moved along with an edit, it
                # would sit on a line that may have nothing to do with it
                self.clear_error()

    # -- palette ------------------------------------------------------------------------------

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._apply_palette()
        elif event.type() == QEvent.Type.LanguageChange:
            self.setAccessibleName(self.tr("Program editor"))
            if getattr(self, "_error_shown", None) is not None:
                self.set_error(*self._error_shown)

    def _apply_palette(self) -> None:
        dark = is_dark(self.palette())
        # rehighlight() may emit textChanged-like signals in some Qt versions; never count it as typing
        was_loading, self._loading = self._loading, True
        try:
            self._highlighter.set_dark(dark)
        finally:
            self._loading = was_loading
        bar = self._error_bar.palette()
        bar.setColor(QPalette.ColorRole.Window, self.error_colour(0.18 if dark else 0.10))
        bar.setColor(QPalette.ColorRole.WindowText, QColor("#ffb4ab") if dark else QColor("#93000a"))
        self._error_bar.setPalette(bar)
        self._update_extra_selections()

    def error_colour(self, alpha: float = 1.0) -> QColor:
        """The error red for this palette; ``alpha`` < 1 blends it into the text background."""
        colour = QColor("#ff6b6b") if self.is_dark() else QColor("#d32f2f")
        if alpha < 1.0:
            base = self.palette().color(QPalette.ColorRole.Base)
            colour = QColor(round(base.red() + (colour.red() - base.red()) * alpha),
                            round(base.green() + (colour.green() - base.green()) * alpha),
                            round(base.blue() + (colour.blue() - base.blue()) * alpha))
        return colour

    # -- selections ---------------------------------------------------------------------------

    def _update_extra_selections(self) -> None:
        selections = []
        base = self.palette().color(QPalette.ColorRole.Base)
        if not self.isReadOnly():
            current = QTextEdit.ExtraSelection()
            current.format.setBackground(base.lighter(135) if self.is_dark() else QColor("#eef3fb"))
            current.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            current.cursor = self.textCursor()
            current.cursor.clearSelection()
            selections.append(current)
        if self._error_cursor is not None:
            line = QTextEdit.ExtraSelection()
            line.format.setBackground(self.error_colour(0.12))
            line.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            line.cursor = QTextCursor(self._error_cursor)
            line.cursor.clearSelection()
            selections.append(line)
            mark = QTextEdit.ExtraSelection()
            mark.format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            mark.format.setUnderlineColor(self.error_colour())
            mark.cursor = QTextCursor(self._error_cursor)
            selections.append(mark)
        self.setExtraSelections(selections)

    # -- geometry -----------------------------------------------------------------------------

    def _error_bar_height(self) -> int:
        if not self._error_message:
            return 0
        return self._error_bar.fit(max(self.contentsRect().width(), 100), self.ERROR_BAR_MAX_LINES)

    def _update_margins(self, *_args) -> None:
        self.setViewportMargins(self.line_number_area_width(), 0, 0, self._error_bar_height())
        self._place_children()

    def _place_children(self) -> None:
        # Beside and under the viewport: inside the scroll area's frame, clear of the scroll bars.
        view = self.viewport().geometry()
        left = self.contentsRect().left()
        self._line_numbers.setGeometry(QRect(left, view.top(), self.line_number_area_width(), view.height()))
        bar = self._error_bar_height()
        self._error_bar.setGeometry(QRect(left, view.bottom() + 1, view.right() + 1 - left, bar))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._update_margins()

    def _update_line_number_area(self, rect: QRect, dy: int) -> None:
        if dy:
            self._line_numbers.scroll(0, dy)
        else:
            self._line_numbers.update(0, rect.y(), self._line_numbers.width(), rect.height())
        if rect.contains(self.viewport().rect()):
            self._update_margins()

    # -- painting -----------------------------------------------------------------------------

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if self._error_cursor is not None and self._error_message:
            self._paint_inline_message()

    def _paint_inline_message(self) -> None:
        """The message after the end of the error line, when it fits (shortened with …)."""
        block = self.document().findBlock(self._error_cursor.selectionStart())
        if not block.isVisible():
            return
        geometry = self.blockBoundingGeometry(block).translated(self.contentOffset())
        metrics = self.fontMetrics()
        line = block.layout().lineAt(0)
        text_end = geometry.left() + (line.naturalTextWidth() if line.isValid() else 0)
        left = round(text_end + metrics.horizontalAdvance(INDENT))
        room = self.viewport().width() - left - 8
        if room < metrics.horizontalAdvance("x") * 12:
            return
        painter = QPainter(self.viewport())
        font = QFont(self.font())
        font.setItalic(True)
        painter.setFont(font)
        painter.setPen(self.error_colour())
        shown = painter.fontMetrics().elidedText("← " + self._error_message.splitlines()[0],
                                                 Qt.TextElideMode.ElideRight, room)
        painter.drawText(QRect(left, round(geometry.top()), room, round(geometry.height())),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)
        painter.end()


def _error_span(text: str, col: int | None) -> tuple[int, int]:
    """The characters of ``text`` to underline (start, end).

    Without a column: the code of the line.  At a name (1-based ``col``): that
    name.  At anything else (a bracket Python found unclosed, an operator): from
    there to the end of the line's code, so that the mark is not one lone character.
    """
    code_end = len(text.rstrip())
    first = len(text) - len(text.lstrip())
    if code_end == 0:
        return 0, 0
    if col is None or col < 1:
        return first, code_end
    start = min(col - 1, code_end - 1)
    end = start
    while end < code_end and (text[end].isalnum() or text[end] == "_"):
        end += 1
    if end == start:
        end = code_end
    return start, end


def _code_part(line: str) -> str:
    """``line`` without a trailing comment (a ``#`` inside a string does not start one)."""
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            return line[:i]
        i += 1
    return line
