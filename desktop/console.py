"""The console: what the program printed, its warnings, and the error that stopped it.

The error comes first, because it is what the student has to act on and the
pane is often small: its type and line, PyTorch's message, and the plain-words
explanation and usual fix from :func:`core.explain.explain`.  Then the
warnings, then the printed output.  Clicking the error card (or any
"line N" link) emits ``lineActivated(N)``.  Colours follow the palette, so
the console reads in light and dark themes; the page is rebuilt when the
palette changes.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QEvent, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from core.explain import Explanation, explain
from desktop.i18n.composed import translate_text
from desktop.i18n.explain_strings import CONTEXT as EXPLAIN

_LINE_SCHEME = "line"
DEFAULT_POINT_SIZE = 11
_WARNING_TEXT = re.compile(r"^(\w+): (.*)$", re.DOTALL)


def _translate_explanation(text: str) -> str:
    """Explanations are core's texts too (sentences of core/explain.py, context "explain"),
    looked up like every other (:func:`desktop.i18n.translate_text`)."""
    return translate_text(text, EXPLAIN) or ""


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(round(a.red() + (b.red() - a.red()) * t), round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


class ConsoleView(QWidget):
    """Shows one run: ``set_run(stdout, error, warnings)``; ``clear()`` empties it.

    ``error`` is the run's error object (``type``, ``message``, ``line`` and
    optionally ``col``, ``inner_line``, ``kind`` = "raised" | "rejected" |
    "limit"); ``warnings`` are ``"Category: message"`` strings (or dicts with
    ``category``, ``message``, ``line``).
    """

    lineActivated = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._browser = QTextBrowser(self)
        self._browser.setOpenLinks(False)
        self._browser.setOpenExternalLinks(False)
        self._retranslate()
        self._browser.anchorClicked.connect(self._on_anchor)
        self._browser.viewport().installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._browser)
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font = QFont(self._browser.font())
        font.setPointSizeF(max(font.pointSizeF(), DEFAULT_POINT_SIZE))
        self._browser.setFont(font)
        self._mono.setPointSizeF(font.pointSizeF())
        self._run: tuple[str, dict | None, list] | None = None
        self._error_line: int | None = None
        self._press_pos = None

    # -- public API ---------------------------------------------------------------------------

    def set_run(self, stdout: str, error: dict | None, warnings: list[str]) -> None:
        """Show what one run printed, warned and raised."""
        self._run = (stdout or "", error, list(warnings or []))
        self._error_line = error.get("line") if error else None
        self._render()

    def clear(self) -> None:
        """Empty the console (the placeholder shows)."""
        self._run = None
        self._error_line = None
        self._browser.clear()

    def set_font_point_size(self, points: float) -> None:
        """Change the text size (presenter mode)."""
        font = QFont(self._browser.font())
        font.setPointSizeF(points)
        self._browser.setFont(font)
        self._mono.setPointSizeF(points)
        self._render()

    def browser(self) -> QTextBrowser:
        """The text view (tests read its text; the main window may add actions to it)."""
        return self._browser

    def error_line(self) -> int | None:
        """The line of the shown error, or None."""
        return self._error_line

    # -- rendering ----------------------------------------------------------------------------

    def _render(self) -> None:
        if self._run is None:
            self._browser.clear()
            return
        stdout, error, warnings = self._run
        colours = self._colours()
        parts = []
        if error:
            parts.append(self._error_html(error, colours))
        for warning in warnings:
            parts.append(self._warning_html(warning, colours))
        parts.append(self._stdout_html(stdout, colours))
        self._browser.setHtml(f"<body style='color:{colours['text']}'>{''.join(parts)}</body>")
        self._browser.moveCursor(QTextCursor.MoveOperation.Start)
        self._browser.verticalScrollBar().setValue(0)

    def _colours(self) -> dict[str, str]:
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        dark = base.lightness() < 128
        error = QColor("#ff8a80") if dark else QColor("#b3261e")
        warning = QColor("#ffd180") if dark else QColor("#8a5300")
        return {
            "text": text.name(),
            "dim": _mix(base, text, 0.62).name(),
            "error": error.name(),
            "error_bg": _mix(base, error, 0.14 if dark else 0.08).name(),
            "error_border": _mix(base, error, 0.55).name(),
            "warning": warning.name(),
            "code_bg": _mix(base, text, 0.07).name(),
            "link": (QColor("#8ab4f8") if dark else QColor("#0b57d0")).name(),
        }

    def _line_link(self, line: int, colours, label: str | None = None) -> str:
        label = label or self.tr("line {line}").format(line=line)
        return (f"<a href='{_LINE_SCHEME}:{line}' style='color:{colours['link']}'>"
                f"{html.escape(label)}</a>")

    def _mono_style(self) -> str:
        return f"font-family:'{self._mono.family()}',monospace; font-size:{self._mono.pointSizeF():g}pt;"

    def _error_html(self, error: dict, colours) -> str:
        kind = error.get("kind", "raised")
        etype = error.get("type") or self.tr("Error")
        line = error.get("line")
        if kind == "limit":
            heading = self.tr("Stopped by a limit")
        elif kind == "rejected":
            heading = self.tr("Not run: {type}").format(type=etype)
        else:
            heading = etype
        where = ""
        if line is not None:
            label = self.tr("line {line}").format(line=line)
            if error.get("col"):
                label = self.tr("line {line}, column {col}").format(line=line, col=error["col"])
            where = " &middot; " + self._line_link(line, colours, label)
        inner = ""
        if error.get("inner_line") is not None:
            # one sentence with the link in it, so a translation can put the line where its grammar wants it
            before, _, after = self.tr("It happened inside a function, at {line}.").partition("{line}")
            inner = ("<p style='margin:2px 0'>" + html.escape(before)
                     + self._line_link(error["inner_line"], colours) + html.escape(after) + "</p>")
        message = html.escape(error.get("message") or "").replace("\n", "<br>")
        body = [
            f"<p style='margin:0 0 4px 0'><b style='color:{colours['error']}; font-size:large'>"
            f"{html.escape(heading)}</b>{where}</p>",
            f"<p style='margin:0 0 6px 0'>{message}</p>",
            inner,
        ]
        explanation = explain(error.get("type") or "", error.get("message") or "")
        if explanation is not None:
            body.append(self._explanation_html(explanation, colours))
        return (f"<table width='100%' cellspacing='0' cellpadding='10' "
                f"style='background-color:{colours['error_bg']}; border:1px solid {colours['error_border']};"
                f" margin-bottom:8px'><tr><td>{''.join(body)}</td></tr></table>")

    def _explanation_html(self, explanation: Explanation, colours, compact: bool = False) -> str:
        title = html.escape(_translate_explanation(explanation.title))
        text = html.escape(_translate_explanation(explanation.text))
        fix = html.escape(_translate_explanation(explanation.fix))
        usual_fix = html.escape(self.tr("Usual fix:"))   # tr() outside the f-string: lupdate skips f-strings
        parts = [f"<p style='margin:6px 0 2px 0'><b>{title}</b></p>",
                 f"<p style='margin:0 0 4px 0'>{text}</p>",
                 f"<p style='margin:4px 0 2px 0'><b>{usual_fix}</b> {fix}</p>"]
        if explanation.example and not compact:
            # a <p> with pre-wrap, not <pre>: Qt's <pre> never wraps, so a long example line
            # would widen the whole card past the pane
            code = html.escape(explanation.example).replace("\n", "<br>")
            parts.append(f"<p style='{self._mono_style()} background-color:{colours['code_bg']};"
                         f" margin:4px 0 0 0; white-space:pre-wrap'>{code}</p>")
        return "".join(parts)

    def _warning_html(self, warning, colours) -> str:
        if isinstance(warning, dict):
            category = warning.get("category") or "Warning"
            message = warning.get("message") or ""
            line = warning.get("line")
        else:
            match = _WARNING_TEXT.match(str(warning))
            category, message = (match.group(1), match.group(2)) if match else ("Warning", str(warning))
            line = None
        where = " &middot; " + self._line_link(line, colours) if line is not None else ""
        parts = [f"<p style='margin:8px 0 2px 0'><b style='color:{colours['warning']}'>"
                 f"&#9888; {html.escape(category)}</b>{where}</p>",
                 f"<p style='margin:0 0 2px 0; color:{colours['dim']}'>"
                 # one of core's texts (the app's own notes) is kept as core sent it: shown in the UI's language
                 f"{html.escape(translate_text(message)).replace(chr(10), '<br>')}</p>"]
        explanation = explain(category, message)
        if explanation is not None:
            parts.append(self._explanation_html(explanation, colours, compact=True))
        return "<div>" + "".join(parts) + "</div>"

    def _stdout_html(self, stdout: str, colours) -> str:
        output, nothing = html.escape(self.tr("Output")), html.escape(self.tr("The program printed nothing."))
        heading = f"<p style='margin:10px 0 2px 0; color:{colours['dim']}'><b>{output}</b></p>"
        if not stdout:
            return heading + f"<p style='color:{colours['dim']}'><i>{nothing}</i></p>"
        return heading + f"<pre style='{self._mono_style()} margin:0'>{html.escape(stdout)}</pre>"

    # -- clicks -------------------------------------------------------------------------------

    def _on_anchor(self, url: QUrl) -> None:
        if url.scheme() == _LINE_SCHEME:
            try:
                line = int(url.path())
            except ValueError:
                return
            self.lineActivated.emit(line)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A click anywhere on the error card (not a drag to select) activates the error line."""
        if watched is self._browser.viewport():
            if event.type() == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
                self._press_pos = event.position().toPoint()
            elif (event.type() == QEvent.Type.MouseButtonRelease
                  and event.button() == Qt.MouseButton.LeftButton and self._press_pos is not None):
                pos = event.position().toPoint()
                moved = (pos - self._press_pos).manhattanLength()
                self._press_pos = None
                if (moved < 4 and self._error_line is not None and not self._browser.anchorAt(pos)
                        and self._browser.cursorForPosition(pos).currentTable() is not None):
                    self.lineActivated.emit(self._error_line)
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.LanguageChange):
            self._render()
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()

    def _retranslate(self) -> None:
        self._browser.setAccessibleName(self.tr("Console"))
        # short, as the console is narrow; and no "run it" (runs are automatic, see the Run tooltip)
        self._browser.setPlaceholderText(self.tr("What the program prints appears here."))
