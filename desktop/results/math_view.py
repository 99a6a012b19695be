"""Typeset LaTeX in a widget: :class:`MathLabel`.

The picture is made by :mod:`desktop.results.math_render` off the GUI thread;
until it arrives the widget says, in grey, that the formula is loading, and if
it cannot be made, that it cannot be shown: the LaTeX source itself is never
put on screen (issue 15, item 5).  ``render_svg`` and friends are re-exported here.
"""
from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from desktop.results.math_render import MathRenderer, RenderCancelled, render_image, render_svg, split_matrix

__all__ = ["MathLabel", "MathRenderer", "RenderCancelled", "render_image", "render_svg", "split_matrix"]

_OWNER_IDS = itertools.count(1)


class _Picture(QWidget):
    """A pixmap drawn at its natural size, or somewhat smaller to fit a short
    width; below ``MIN_SCALE`` it asks for room (the pane scrolls instead)."""

    MIN_SCALE = 0.75

    def __init__(self, parent=None):
        super().__init__(parent)
        self._pixmap = QPixmap()
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_pixmap(self, pixmap: QPixmap) -> None:
        self._pixmap = pixmap
        self.updateGeometry()
        self.update()

    def _natural(self) -> QSize:
        return self._pixmap.deviceIndependentSize().toSize()

    def _scale(self, width: int) -> float:
        natural = self._natural()
        return 1.0 if natural.width() <= 0 else min(1.0, max(self.MIN_SCALE, width / natural.width()))

    def sizeHint(self) -> QSize:
        return self._natural()

    def minimumSizeHint(self) -> QSize:
        natural = self._natural()
        return QSize(math.ceil(natural.width() * self.MIN_SCALE), math.ceil(natural.height() * self.MIN_SCALE))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return math.ceil(self._natural().height() * self._scale(width))

    def paintEvent(self, event) -> None:
        if self._pixmap.isNull():
            return
        natural = self._pixmap.deviceIndependentSize()
        scale = min(self._scale(self.width()), self.height() / max(natural.height(), 1.0))
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(QRectF(0, 0, natural.width() * scale, natural.height() * scale), self._pixmap,
                           QRectF(self._pixmap.rect()))


class MathLabel(QWidget):
    """Typeset LaTeX in the palette's text colour, at the widget's font size
    (times ``scale``).  Until the picture arrives a grey placeholder says the
    formula is loading; if it cannot be made, the placeholder says so (never
    the LaTeX source)."""

    rendered = Signal(bool)  # the picture arrived (True) or cannot be made (False)

    def __init__(self, latex: str = "", parent: QWidget | None = None, *, scale: float = 1.15):
        super().__init__(parent)
        self._latex = ""
        self._scale = scale
        self._key = None
        self._error = ""
        self._renderer = MathRenderer.instance()
        self._renderer.finished.connect(self._on_finished)
        # a number of its own, not id(self): the C++ side may outlive the Python wrapper
        self._owner = owner = next(_OWNER_IDS)
        renderer = self._renderer
        self.destroyed.connect(lambda *_: renderer.release(owner))

        # what shows in place of the picture: "formula loading…", or that it cannot be shown
        self._placeholder = QLabel(self)
        self._placeholder.setWordWrap(True)
        self._placeholder.setTextFormat(Qt.TextFormat.PlainText)
        self._picture = _Picture(self)
        self._picture.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._placeholder)
        layout.addWidget(self._picture)
        self._style_placeholder()
        if latex:
            self.set_latex(latex)

    # --- public -------------------------------------------------------------
    def set_latex(self, tex: str) -> None:
        """Show ``tex`` (an empty string shows nothing)."""
        self._latex = tex or ""
        self._request()

    def latex(self) -> str:
        return self._latex

    def clear(self) -> None:
        """Show nothing and cancel the picture in progress, if any."""
        self.set_latex("")

    def is_rendered(self) -> bool:
        return not self._picture._pixmap.isNull()

    def pixmap(self) -> QPixmap | None:
        """The typeset picture, or None while it is being made or when it failed."""
        return None if self._picture._pixmap.isNull() else self._picture._pixmap

    def error(self) -> str:
        """Why the picture could not be made ("" when it could, or is not done)."""
        return self._error

    def placeholder_text(self) -> str:
        """What shows in place of the picture ("" when the picture shows, or nothing does)."""
        return self._placeholder.text() if self._placeholder.isVisibleTo(self) else ""

    def render_key(self):
        return self._key

    # --- internals ----------------------------------------------------------
    def _font_pixels(self) -> float:
        info_px = self.fontInfo().pixelSize()
        return float(info_px if info_px > 0 else QFont(self.font()).pointSizeF() * 96 / 72)

    def _color(self) -> str:
        return self.palette().color(QPalette.ColorRole.WindowText).name()

    def _request(self) -> None:
        self._error = ""
        if not self._latex:
            self._renderer.release(self._owner)
            self._key = None
            self._show_placeholder()
            return
        key = (self._latex, round(self._font_pixels() * self._scale, 1), self._color(),
               float(self.devicePixelRatioF()))
        if key == self._key and not self._picture._pixmap.isNull():
            return
        self._key = key
        result = self._renderer.request(self._owner, key)
        if isinstance(result, QPixmap):
            self._show_picture(result)
            self.rendered.emit(True)
        elif isinstance(result, str):
            self._error = result
            self._show_placeholder()
            self.rendered.emit(False)
        else:
            self._show_placeholder()

    def _on_finished(self, key, ok: bool) -> None:
        if key != self._key:
            return
        if ok:
            self._show_picture(self._renderer.cached(key))
        else:
            self._error = self._renderer._failures.get(key, "")
            self._show_placeholder()
        self.rendered.emit(ok)

    def _show_placeholder(self) -> None:
        """The placeholder in place of the picture: loading, or (after an error) cannot be shown."""
        self._picture.set_pixmap(QPixmap())
        self._picture.hide()
        self._placeholder.setText(self._placeholder_text())
        self._placeholder.setVisible(bool(self._latex))
        self.updateGeometry()

    def _placeholder_text(self) -> str:
        if not self._latex:
            return ""
        if self._error:
            return self.tr("(this formula cannot be shown)")
        return self.tr("formula loading…")

    def _show_picture(self, pixmap: QPixmap) -> None:
        self._picture.set_pixmap(pixmap)
        self._placeholder.hide()
        self._picture.show()
        self.updateGeometry()

    def _style_placeholder(self) -> None:
        palette = self._placeholder.palette()
        palette.setColor(QPalette.ColorRole.WindowText, self.palette().color(QPalette.ColorRole.PlaceholderText))
        self._placeholder.setPalette(palette)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (event.Type.PaletteChange, event.Type.FontChange):
            self._style_placeholder()
            if self._latex:
                self._request()
        elif event.type() == event.Type.LanguageChange and self._placeholder.text():
            self._placeholder.setText(self._placeholder_text())

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # the device pixel ratio is known only once the widget is on a screen
        if self._latex and self._key is not None and self._key[3] != float(self.devicePixelRatioF()):
            self._request()
