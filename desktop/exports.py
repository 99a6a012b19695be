"""The Export menu: the latest analysis as files.

The text exports (the HTML report, LaTeX of J, vᵀJ and backward, the plain
PyTorch script, the graph as SVG) are made by core in the analysis process
(typesetting a report takes seconds; the window never waits for it) and
written here with core's one atomic writer (:func:`core.files.write_atomic`, as
workspaces are), so a failed write never leaves half a file or spoils the one
that was there.  The graph as PNG is the graph view's own
picture, drawn at twice its size.

Whatever goes wrong (the folder, the disk, the analysis process, text that
UTF-8 cannot hold), an export ends in "Exported to ..." or in a message that
says why; the status bar never stays on "Exporting to ...".
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QImage, QImageWriter, QKeySequence, QPainter
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from core.files import OutputPathError, write_atomic
from desktop.i18n.composed import translate_text
from desktop.i18n.texts import Texts
from desktop.worker import Job

SUFFIXES = {"html": ".html", "latex": ".tex", "script": ".py", "svg": ".svg", "png": ".png"}


class Exporter(QObject):
    """Builds the window's Export menu and writes what it asks core for."""

    exported = Signal(str, str)      # format, path
    failed = Signal(str, str)        # format, message

    def __init__(self, window, before_menu=None):
        super().__init__(window)
        self.window = window
        self._pending: dict[int, tuple[str, str]] = {}
        self.last_message: QMessageBox | None = None
        self.menu = QMenu(window)
        self.texts = Texts(self.menu)       # the menu's texts: set again on each switch
        self.texts.bind(self.menu.setTitle, lambda: self.tr("E&xport"))
        if before_menu is not None:
            window.menuBar().insertMenu(before_menu.menuAction(), self.menu)
        else:
            window.menuBar().addMenu(self.menu)
        self.menu.setObjectName("export-menu")
        self.actions = {}
        for fmt, text, tip, key in (
                ("html", lambda: self.tr("&Report (HTML)..."),
                 lambda: self.tr("One self-contained HTML file: the program, J, vᵀJ beside backward, the verdict, "
                                 "the graph and the backward steps"), "Ctrl+E"),
                ("latex", lambda: self.tr("J, vᵀJ and backward as &LaTeX..."),
                 lambda: self.tr("A LaTeX document with the matrices, ready for slides or notes"), None),
                ("script", lambda: self.tr("Plain &PyTorch script..."),
                 lambda: self.tr("The forward with the program's numbers and backward, as a script real PyTorch "
                                 "runs to print the same grads"), None),
                ("svg", lambda: self.tr("Graph as &SVG..."),
                 lambda: self.tr("The computational graph as a vector picture"), None),
                ("png", lambda: self.tr("Graph as P&NG..."),
                 lambda: self.tr("The computational graph as it is shown, at twice the size"), None)):
            action = self.menu.addAction("")
            self.texts.bind(action.setText, text)
            self.texts.bind(action.setToolTip, tip)
            self.texts.bind(action.setStatusTip, tip)
            if key:
                action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _checked=False, f=fmt: self.ask(f))
            self.actions[fmt] = action
        self.menu.aboutToShow.connect(self._enable)
        window.host.worker.exportReady.connect(self._ready)
        window.host.worker.failed.connect(self._failed)

    # -- asking ------------------------------------------------------------------------
    def _enable(self):
        have = self.window.state.analysis is not None and not self.window.state.partial
        for action in self.actions.values():
            action.setEnabled(have)

    def _suggested_name(self, fmt: str) -> str:
        # the work's own name (a file's, a lesson's, a restored work's), as the title shows it
        stem = Path(self.window.document.name).stem or "program"
        suffix = SUFFIXES[fmt]
        if fmt == "script":
            return f"{stem}_pytorch{suffix}"
        return f"{stem}_graph{suffix}" if fmt in ("svg", "png") else f"{stem}{suffix}"

    def ask(self, fmt: str) -> None:
        """Ask where to write, then export (the file dialog is the only wait)."""
        if self.window.state.analysis is None:
            self._tell(fmt, lambda: self.tr("There is nothing to export yet: run the program (Ctrl+Enter) and "
                                            "wait for its analysis."))
            return
        if self.window.state.partial:   # the service's latest complete analysis is another one
            self._tell(fmt, lambda: self.tr("There is nothing to export yet: the analysis shown has no symbolic "
                                            "Jacobian and no graph yet. Wait for it to finish (or run the program "
                                            "again if it was cancelled)."))
            return
        folder = Path(self.window.document.folder() or Path.home())
        filters = {"html": self.tr("HTML report (*.html)"), "latex": self.tr("LaTeX (*.tex)"),
                   "script": self.tr("Python (*.py)"), "svg": self.tr("SVG picture (*.svg)"),
                   "png": self.tr("PNG picture (*.png)")}
        path, _ = QFileDialog.getSaveFileName(self.window, self.tr("Export"),
                                              str(folder / self._suggested_name(fmt)), filters[fmt])
        if path:
            self.export_to(fmt, path)

    def export_to(self, fmt: str, path: str) -> None:
        """Export the latest analysis as ``fmt`` to ``path`` (no dialog)."""
        try:
            if fmt == "png":
                self._write_png(path)
                return
            options = {"format": fmt, "filename": self.window.document.name,
                       "step": self.window.state.step, "lang": _language()}
            job = self.window.host.submit(Job("export", options=options))
        except Exception as e:  # noqa: BLE001 - said in a message, never lost in a slot
            self._unexpected(fmt, path, e)
            return
        self._pending[job.id] = (fmt, path)
        self.window.show_status(lambda: self.tr("Exporting to {0}...").format(path))

    # -- writing -----------------------------------------------------------------------
    def _ready(self, job_id: int, result) -> None:
        if job_id not in self._pending:
            return
        fmt, path = self._pending.pop(job_id)
        try:
            if not isinstance(result, dict) or not isinstance(result.get("text"), str):
                # core's English, in the UI's language
                error = result.get("error") if isinstance(result, dict) else None
                self._tell(fmt, lambda: self.tr("Could not export: {0}").format(translate_text(error) or "?"))
                return
            self._write_text(fmt, path, result["text"])
        except Exception as e:  # noqa: BLE001 - said in a message, never lost in a slot
            self._unexpected(fmt, path, e)

    def _failed(self, job_id: int, message: str) -> None:
        """The analysis process raised while making the export (its traceback is ``message``)."""
        if job_id not in self._pending:
            return   # another job's failure: the window reports it
        fmt, path = self._pending.pop(job_id)
        self._tell(fmt, lambda: self.tr("Could not export to {0}: the export failed inside Backprop "
                                        "Lens.").format(path), details=message)

    def _unexpected(self, fmt: str, path: str, error: Exception) -> None:
        what = f"{type(error).__name__}: {error}"
        self._tell(fmt, lambda: self.tr("Could not export to {0}: {1}").format(path, what))

    def _write_text(self, fmt: str, path: str, text: str) -> None:
        # the text as it is: write_atomic writes what UTF-8 cannot hold (a lone surrogate) as \ud800
        self._write(fmt, path, text)

    def _write(self, fmt: str, path: str, data: str | bytes) -> None:
        try:
            write_atomic(path, data)
        except OutputPathError as e:
            reason = e.reason
            self._tell(fmt, lambda: self.tr("Cannot write {0}: {1}").format(path, reason))
            return
        self._done(fmt, path)

    def _write_png(self, path: str) -> None:
        scene = self.window.graph.scene()
        rect = scene.itemsBoundingRect().adjusted(-12, -12, 12, 12)
        if rect.isEmpty():
            self._tell("png", lambda: self.tr("There is no graph to export: the output has no grad_fn."))
            return
        image = QImage(int(rect.width() * 2), int(rect.height() * 2), QImage.Format.Format_ARGB32)
        image.fill(self.window.graph.palette().base().color())
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        scene.render(painter, QRectF(image.rect()), rect, Qt.AspectRatioMode.KeepAspectRatio)
        painter.end()
        encoded = QByteArray()
        buffer = QBuffer(encoded)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        writer = QImageWriter(buffer, b"png")
        if not writer.write(image):
            reason = writer.errorString()
            self._tell("png", lambda: self.tr("Cannot write {0}: {1}").format(path, reason))
            return
        buffer.close()
        self._write("png", path, bytes(encoded.data()))

    def _done(self, fmt: str, path: str) -> None:
        self.window.show_status(lambda: self.tr("Exported to {0}").format(path), 8000)
        self.exported.emit(fmt, path)

    def _tell(self, fmt: str, message, details: str | None = None) -> None:
        """A non-blocking message box (the window stays usable), also emitted for tests; ``message`` is
        a call making it in the UI's language (the box and the status bar say it again after a switch);
        ``details`` (a traceback) behind the box's "Show Details..."."""
        box = QMessageBox(QMessageBox.Icon.Warning, "", "", QMessageBox.StandardButton.Ok, self.window)
        texts = Texts(box)
        texts.bind(box.setWindowTitle, lambda: self.tr("Export"))
        texts.bind(box.setText, message)
        if details:
            box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_message = box
        self.window.show_status(message, 8000)
        self.failed.emit(fmt, message())


def _language() -> str:
    """The report's language: the UI's ("en" or "zh")."""
    try:
        from desktop.i18n import current_language
        return "zh" if current_language().startswith("zh") else "en"
    except Exception:  # noqa: BLE001 - no translations installed: English
        return "en"
