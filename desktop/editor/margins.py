"""What the editor shows around its text: the line-number gutter and the error bar.

Both live in the viewport margins of :class:`~desktop.editor.code_editor.CodeEditor`
(left and bottom), so they never cover code.  They read the editor's state
(first visible line, error line, colours) and paint; the editor places them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QPainter, QPalette, QTextBlock, QTextCursor
from PySide6.QtWidgets import QLabel, QToolTip, QWidget

if TYPE_CHECKING:
    from desktop.editor.code_editor import CodeEditor


class LineNumberArea(QWidget):
    """Line numbers, a red dot on the error line (its tooltip is the message)."""

    def __init__(self, editor: CodeEditor):
        super().__init__(editor)
        self._editor = editor

    def preferred_width(self) -> int:
        """Room for the error dot and the digits of the last line number (at least two)."""
        metrics = self._editor.fontMetrics()
        digits = max(2, len(str(self._editor.blockCount())))
        dot = metrics.height() // 2 + 4
        return 6 + dot + metrics.horizontalAdvance("9") * digits + 8

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.preferred_width(), 0)

    def block_at(self, y: float) -> QTextBlock | None:
        """The text block shown at height ``y`` (gutter and viewport share the same y)."""
        editor = self._editor
        block = editor.firstVisibleBlock()
        top = editor.blockBoundingGeometry(block).translated(editor.contentOffset()).top()
        while block.isValid() and top <= y:
            bottom = top + editor.blockBoundingRect(block).height()
            if y < bottom:
                return block
            top = bottom
            block = block.next()
        return None

    def tooltip_at(self, y: float) -> str:
        """The error message on the error line, else nothing."""
        block = self.block_at(y)
        if block is not None and block.blockNumber() + 1 == self._editor.error_line():
            return self._editor.error_message()
        return ""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            text = self.tooltip_at(event.pos().y())
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        block = self.block_at(event.position().y())
        if block is not None:
            self._editor.setTextCursor(QTextCursor(block))

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        editor = self._editor
        dark = editor.is_dark()
        palette = editor.palette()
        base = palette.color(QPalette.ColorRole.Base)
        painter = QPainter(self)
        painter.fillRect(event.rect(), base.lighter(115) if dark else base.darker(104))
        painter.setPen(base.lighter(160) if dark else base.darker(115))
        painter.drawLine(self.width() - 1, event.rect().top(), self.width() - 1, event.rect().bottom())
        dim = palette.color(QPalette.ColorRole.PlaceholderText)
        strong = palette.color(QPalette.ColorRole.Text)
        error_line = editor.error_line()
        current = editor.textCursor().blockNumber()
        line_height = editor.fontMetrics().height()
        block = editor.firstVisibleBlock()
        top = round(editor.blockBoundingGeometry(block).translated(editor.contentOffset()).top())
        while block.isValid() and top <= event.rect().bottom():
            height = round(editor.blockBoundingRect(block).height())
            if block.isVisible() and top + height >= event.rect().top():
                number = block.blockNumber() + 1
                if number == error_line:
                    size = line_height // 2
                    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(editor.error_colour())
                    painter.drawEllipse(5, top + (line_height - size) // 2, size, size)
                    painter.setPen(editor.error_colour())
                else:
                    painter.setPen(strong if block.blockNumber() == current else dim)
                painter.drawText(0, top, self.width() - 8, line_height,
                                 Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(number))
            top += height
            block = block.next()
        painter.end()


class ErrorBar(QLabel):
    """The error message under the text, at most a few lines (then shortened with …).

    Clicking it shows the error line.
    """

    def __init__(self, editor: CodeEditor):
        super().__init__(editor)
        self._editor = editor
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setMargin(6)
        self.setAutoFillBackground(True)
        self.full_text = ""
        self._fitted_for: tuple | None = None
        self._cap = 0
        self.hide()

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self._fitted_for = None
        self.setText(text)

    def fit(self, width: int, max_lines: int) -> int:
        """Shorten the text to at most ``max_lines`` at ``width``; return the height it needs."""
        key = (width, max_lines, self.full_text, self.font().key())
        if self._fitted_for != key:
            self._fitted_for = key
            self.setText("\n".join("x" * max_lines))
            self._cap = self.heightForWidth(width)
            self.setText(self.full_text)
            if self.heightForWidth(width) > self._cap:
                low, high = 0, len(self.full_text)
                while low < high:  # the longest prefix that fits with the ellipsis
                    middle = (low + high + 1) // 2
                    self.setText(self.full_text[:middle].rstrip() + "…")
                    if self.heightForWidth(width) <= self._cap:
                        low = middle
                    else:
                        high = middle - 1
                self.setText(self.full_text[:low].rstrip() + "…")
        return min(max(self.heightForWidth(width), 0) or self._cap, self._cap)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawLine(0, 0, self.width(), 0)  # a rule between the code and the message
        painter.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        if self._editor.error_line() is not None:
            self._editor.go_to_line(self._editor.error_line())
