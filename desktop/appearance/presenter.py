"""Presenter mode: full screen, large fonts, high contrast, stepping by keyboard.

Entering records what it changes (the window's geometry and state, the
application font, every font set explicitly on a widget of the window, the
editor's and console's sizes) and leaving puts it all back.  While it is on,
←/→/Space/Home/End and a clicker's PageDown/PageUp step through the backward
pass whichever widget has the focus (even the editor: a presenter is not typing),
and Esc leaves.  Menus get a frame in the text's colour (FramedMenuStyle), as the high-contrast
palette would draw it black on black.

The text size chosen (View ▸ Presenter text size) is for a 1080-line screen: on
a smaller one (a 1024x768 projector) the text grows proportionally less, so it
takes the same share of the projected picture and the program, the verdict,
J, vᵀJ, x.grad and the graph still fit.  The panes are sized for what they
show: the program's column for 40 characters or more, the results (compact:
vᵀJ = x.grad on one row) for the verdict and the first leaf's J, vᵀJ and x.grad
but never more than 60% of the column, the rest (some 40% of a 768-line screen)
to the graph.
"""
from __future__ import annotations

from contextlib import contextmanager

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QPalette, QPen
from PySide6.QtWidgets import QApplication, QMenu, QProxyStyle, QStyle, QWidget

from desktop.appearance import settings
from desktop.appearance.theme import ThemeManager, deliver_application_changes, repolish_style_sheets

LINE_SCALE = 2.0          # graph lines and highlight in presenter mode
FOLLOW_SCALE = 1.25       # a graph too big to fit at this scale follows the current step's node
# The window's splitters (main, left, right, bottom; see MainWindow.splitters) in
# presenter mode: more room for the graph and the step, the thing being explained.
# The main and right splitters are then fitted to what they show (MainWindow.fit_panes).
SPLITTER_WEIGHTS = ((36, 64), None, (45, 55), (60, 40))
MIN_SCALE, MAX_SCALE = 1.0, 3.0
PRESENTER_SCALES = (1.25, 1.6, 2.0, 2.5)   # the presenter text sizes offered (View menu, Settings)
REFERENCE_LINES = 1080    # the text size chosen is for a screen this many pixels high


def scaled_font(font: QFont, factor: float) -> QFont:
    """``font`` times ``factor`` (in points, or in pixels for a pixel-sized font)."""
    result = QFont(font)
    if font.pointSizeF() > 0:
        result.setPointSizeF(font.pointSizeF() * factor)
    elif font.pixelSize() > 0:
        result.setPixelSize(max(1, round(font.pixelSize() * factor)))
    return result


def follow_parent_fonts(root: QWidget) -> None:
    """Make every widget under ``root`` without a font of its own take its parent's
    size again.  Qt delivers an application font change to each widget in no
    particular order, and a widget that hears of it before its parent can keep
    the old size (a table's header did)."""
    def size(font: QFont) -> tuple:
        return round(font.pointSizeF(), 2), font.pixelSize()

    for widget in root.findChildren(QWidget):
        parent = widget.parentWidget()
        if (parent is None or widget.isWindow() or widget.testAttribute(Qt.WidgetAttribute.WA_SetFont)
                or widget.styleSheet() or size(widget.font()) == size(parent.font())):
            continue
        widget.setFont(QFont())   # a font with nothing set: inherit everything again


def own_font_widgets(root: QWidget, skip: tuple = ()) -> list[QWidget]:
    """``root`` and the widgets under it with a font of their own, except those inside ``skip``
    (the editor and the console resize themselves: tab stops, gutter, HTML sizes)."""
    result = []
    for widget in [root] + root.findChildren(QWidget):
        if not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            continue
        parent, inside = widget, False
        while parent is not None:
            if parent in skip:
                inside = True
                break
            parent = parent.parentWidget()
        if not inside:
            result.append(widget)
    return result


class FramedMenuStyle(QProxyStyle):
    """The application's style, with a menu's frame drawn in the text's colour, two pixels wide.
    The high-contrast palette has the style draw a menu's frame in a shade of the window's colour:
    black on black, so menus looked borderless over the window in presenter mode.  Set on each menu
    while presenting (a widget's own style: no style sheet, which would pin the widgets' fonts).
    One for the application (:meth:`shared`), owned by it, so it outlives every menu it is set on."""

    _shared: FramedMenuStyle | None = None

    @classmethod
    def shared(cls) -> FramedMenuStyle:
        if cls._shared is None or not shiboken6.isValid(cls._shared):
            cls._shared = cls(QApplication.style().name())
            cls._shared.setParent(QApplication.instance())
        return cls._shared

    def pixelMetric(self, metric, option=None, widget=None) -> int:
        if metric == QStyle.PixelMetric.PM_MenuPanelWidth:
            return max(2, super().pixelMetric(metric, option, widget))
        return super().pixelMetric(metric, option, widget)

    def drawPrimitive(self, element, option, painter, widget=None) -> None:
        if element != QStyle.PrimitiveElement.PE_FrameMenu:
            super().drawPrimitive(element, option, painter, widget)
            return
        painter.save()
        pen = QPen(option.palette.color(QPalette.ColorRole.WindowText))
        pen.setWidth(2)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(option.rect.adjusted(1, 1, -1, -1))
        painter.restore()


class PresenterMode(QObject):
    """Presenter mode for one main window (``window.editor``, ``.console``,
    ``.graph``, ``.stepper``; ``window.restyle_views()`` rebuilds what was drawn
    with the old sizes)."""

    toggled = Signal(bool)

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self._active = False
        self._saved: dict = {}
        self._framed_menus: list[QMenu] = []

    def is_active(self) -> bool:
        return self._active

    def font_scale(self) -> float:
        """How much larger the fonts are in presenter mode (a setting; 1.6 unless changed)."""
        try:
            scale = float(settings.load(settings.PRESENTER_FONT_SCALE))
        except (TypeError, ValueError):
            scale = settings.DEFAULTS[settings.PRESENTER_FONT_SCALE]
        return min(MAX_SCALE, max(MIN_SCALE, scale))

    def screen_scale(self) -> float:
        """The factor the fonts grow by on the window's screen now: :meth:`font_scale` on a
        screen of REFERENCE_LINES or more, proportionally less on a smaller one (never below 1)."""
        screen = self.window.screen()
        lines = screen.geometry().height() if screen is not None else REFERENCE_LINES
        return max(MIN_SCALE, self.font_scale() * min(1.0, lines / REFERENCE_LINES))

    def set_font_scale(self, scale: float) -> None:
        """Keep ``scale`` (within MIN_SCALE..MAX_SCALE) as the presenter font size; when
        presenting now, the fonts change at once."""
        settings.store(settings.PRESENTER_FONT_SCALE, float(min(MAX_SCALE, max(MIN_SCALE, scale))))
        if self._active:
            self._leave()
            self._enter()

    @contextmanager
    def suspended(self):
        """While presenting, ``with presenter.suspended():`` runs its body with the normal fonts and
        sizes back, then presents again (from them): for a change of the normal text size."""
        if not self._active:
            yield
            return
        self._leave()
        try:
            yield
        finally:
            self._enter()

    def set_active(self, on: bool) -> None:
        if bool(on) == self._active:
            return
        if on:
            self._enter()
        else:
            self._leave()
        self.toggled.emit(self._active)

    def toggle(self) -> None:
        self.set_active(not self._active)

    # --- entering and leaving ---------------------------------------------------------
    def _enter(self) -> None:
        w = self.window
        app = QApplication.instance()
        # the normal text size (Settings) is already on screen: presenting multiplies it up to the
        # presenter size, never down
        base = w.text_scale()
        scale = max(MIN_SCALE, self.screen_scale() / base)
        own = own_font_widgets(w, (w.editor, w.console))
        self._saved = {
            "scale": scale,
            "geometry": w.geometry(),
            "state": w.windowState(),
            "app_font": QFont(app.font()),
            "widgets": [(widget, QFont(widget.font())) for widget in own],
            "editor": w.editor.font().pointSizeF(),
            "console": w.console.browser().font().pointSizeF(),
            "splitters": [splitter.sizes() for splitter in w.splitters],
            "lessons": w.lessons_dock.isVisible(),
        }
        self._active = True
        # The fonts set on widgets were measured before the application font grows,
        # so each is scaled once.
        app.setFont(scaled_font(self._saved["app_font"], scale))
        deliver_application_changes()
        follow_parent_fonts(w)
        for widget, font in self._saved["widgets"]:
            widget.setFont(scaled_font(font, scale))
        w.editor.set_font_point_size(self._saved["editor"] * scale)
        w.console.set_font_point_size(self._saved["console"] * scale)
        w.graph.style_.set_presentation(base * scale, LINE_SCALE)
        w.graph.set_follow(FOLLOW_SCALE)
        ThemeManager.instance().set_high_contrast(True)
        repolish_style_sheets(app)
        w.lessons_dock.hide()   # the room goes to the program and the graph (Ctrl+L brings it back)
        w.showFullScreen()
        for splitter, weights in zip(w.splitters, SPLITTER_WEIGHTS):
            if weights is not None and splitter.count() == len(weights):
                total = sum(splitter.sizes()) or 1000
                splitter.setSizes([round(total * x / sum(weights)) for x in weights])
        app.installEventFilter(self)
        w.presenter_layout(True)

    def _leave(self) -> None:
        w = self.window
        app = QApplication.instance()
        saved = self._saved
        app.removeEventFilter(self)
        self._active = False
        app.setFont(saved["app_font"])
        deliver_application_changes()
        follow_parent_fonts(w)
        for widget, font in saved["widgets"]:
            if shiboken6.isValid(widget):
                widget.setFont(font)
        w.editor.set_font_point_size(saved["editor"])
        w.console.set_font_point_size(saved["console"])
        w.keep_editor_readable()   # the editor's minimum width for its own font, before the geometry returns
        w.graph.style_.set_presentation(w.text_scale(), 1.0)
        w.graph.set_follow(None)
        ThemeManager.instance().set_high_contrast(False)
        for menu in self._framed_menus:
            if shiboken6.isValid(menu):
                menu.setStyle(None)     # the application's style again
        self._framed_menus = []
        repolish_style_sheets(app)   # after the fonts and the palette
        w.lessons_dock.setVisible(saved["lessons"])
        w.setWindowState(saved["state"])
        if not saved["state"] & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            # setGeometry, not restoreGeometry: that one shrinks a window to the screen it is on
            w.setGeometry(saved["geometry"])
        for splitter, sizes in zip(w.splitters, saved["splitters"]):
            if len(sizes) == splitter.count():
                splitter.setSizes(sizes)
        self._saved = {}
        w.presenter_layout(False)

    # --- keys -------------------------------------------------------------------------
    def eventFilter(self, obj, event) -> bool:
        if not self._active:
            return False
        if event.type() == QEvent.Type.Show and isinstance(obj, QMenu):
            self._frame(obj)
        elif event.type() == QEvent.Type.KeyPress and isinstance(obj, QWidget) and obj.window() is self.window:
            return self._key(event)
        return False

    def _frame(self, menu: QMenu) -> None:
        """A menu about to show gets a frame it can be told from the window by (FramedMenuStyle)."""
        style = FramedMenuStyle.shared()
        if menu.style() is not style:
            menu.setStyle(style)
            self._framed_menus.append(menu)

    def _key(self, event) -> bool:
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods != Qt.KeyboardModifier.NoModifier:
            return False
        stepper = self.window.stepper
        action = {Qt.Key.Key_Left: stepper.previous, Qt.Key.Key_Right: stepper.next,
                  # a presentation clicker's two buttons send PageUp / PageDown
                  Qt.Key.Key_PageUp: stepper.previous, Qt.Key.Key_PageDown: stepper.next,
                  Qt.Key.Key_Space: stepper.toggle_play, Qt.Key.Key_Home: stepper.first,
                  Qt.Key.Key_End: stepper.last, Qt.Key.Key_Escape: lambda: self.set_active(False)
                  }.get(event.key())
        if action is None:
            return False
        action()
        return True
