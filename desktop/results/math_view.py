"""Typeset LaTeX in a widget: :class:`MathLabel`.

The picture is made by :mod:`desktop.results.math_render` off the GUI thread;
until it arrives, and for good if it cannot be made, the widget shows the
LaTeX source in grey.  ``render_svg`` and friends are re-exported here.
"""
from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase, QPainter, QPalette, QPixmap
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
    (times ``scale``).  Shows the source in grey until the picture arrives, and
    keeps showing it if rendering fails."""

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

        self._source = QLabel(self)
        self._source.setWordWrap(True)
        self._source.setTextFormat(Qt.TextFormat.PlainText)
        self._source.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._source.setFont(mono)
        self._picture = _Picture(self)
        self._picture.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._source)
        layout.addWidget(self._picture)
        self._style_source()
        if latex:
            self.set_latex(latex)

    # --- public -------------------------------------------------------------
    def set_latex(self, tex: str) -> None:
        """Show ``tex`` (an empty string shows nothing)."""
        self._latex = tex or ""
        self._source.setText(self._latex)
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
            self._show_source()
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
            self._show_source()
            self.rendered.emit(False)
        else:
            self._show_source()

    def _on_finished(self, key, ok: bool) -> None:
        if key != self._key:
            return
        if ok:
            self._show_picture(self._renderer.cached(key))
        else:
            self._error = self._renderer._failures.get(key, "")
            self._source.setToolTip(self.tr("This formula could not be typeset; its LaTeX source is shown."))
        self.rendered.emit(ok)

    def _show_source(self) -> None:
        self._picture.set_pixmap(QPixmap())
        self._picture.hide()
        self._source.setVisible(bool(self._latex))
        self._source.setToolTip(self.tr("Typesetting the formula…") if self._latex else "")
        self.updateGeometry()

    def _show_picture(self, pixmap: QPixmap) -> None:
        self._picture.set_pixmap(pixmap)
        self._source.hide()
        self._picture.show()
        self._picture.setToolTip(self._latex if len(self._latex) < 400 else "")
        self.updateGeometry()

    def _style_source(self) -> None:
        palette = self._source.palette()
        palette.setColor(QPalette.ColorRole.WindowText, self.palette().color(QPalette.ColorRole.PlaceholderText))
        self._source.setPalette(palette)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (event.Type.PaletteChange, event.Type.FontChange):
            self._style_source()
            if self._latex:
                self._request()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # the device pixel ratio is known only once the widget is on a screen
        if self._latex and self._key is not None and self._key[3] != float(self.devicePixelRatioF()):
            self._request()
