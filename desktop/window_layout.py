"""The window's size, place and dividers: fitted to its screen, kept from one
session to the next, and fitted to what the panes show in presenter mode.

:class:`WindowLayout` works on one main window's ``splitters`` (main, left,
right, bottom), its ``editor``, ``io_box``, ``results``, ``presenter`` and
``lessons_dock``.  The code always stays readable: the program's column is
never narrower than :data:`READABLE_COLUMNS` characters of the editor's font
when the dividers are fitted, and in presenter mode not even by a divider.
"""
from __future__ import annotations

import json

from PySide6.QtCore import QObject, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication

from desktop.appearance import settings as app_settings
from desktop.workspace import check_view

WINDOW_SIZE = QSize(1280, 800)              # the size the window opens at, when its screen has room
READABLE_COLUMNS = 40                       # the editor never gets narrower than this many characters
# presenter mode: the results (verdict, J, vᵀJ, x.grad) get the height they need within these shares of
# the right column; the rest, at least 1 - RESULTS_MOST, is the graph's, which the teacher steps through
# (at 0.8 a 1024x768 projector left the graph some 120 px)
RESULTS_LEAST, RESULTS_MOST = 0.3, 0.6


class WindowLayout(QObject):
    """The geometry of ``window`` (a :class:`~desktop.main_window.MainWindow`)."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.fitted_to_screen = False       # the first show fits the window to its screen
        self.remembered_splitters: list | None = None
        self._panes_timer = QTimer(self)    # presenter mode: the panes fitted again after a layout
        self._panes_timer.setSingleShot(True)
        self._panes_timer.setInterval(0)
        self._panes_timer.timeout.connect(self.fit_panes)

    # -- presenter mode's panes ------------------------------------------------------------
    def presenter_layout(self, on: bool):
        """Presenter mode's arrangement (called by it as it enters and leaves, after the fonts):
        "Output and v" folded away (the toolbar unfolds it), J, vᵀJ and x.grad first in the
        results, and the panes fitted to what they show."""
        w = self.window
        w.io_action.setVisible(on)
        w.io_box.setVisible(not on or w.io_action.isChecked())
        w.results.set_compact(on)
        w.restyle_views()
        self.keep_editor_readable()
        if on:
            self.fit_panes()
            QTimer.singleShot(0, self._refit_presenting)     # again, once the window is full screen

    def _refit_presenting(self):
        if self.window.presenter.is_active():
            self.fit_panes()

    def results_resized(self):
        if self.window.presenter.is_active():
            self._panes_timer.start()

    def io_toggled(self, shown: bool):
        if self.window.presenter.is_active():
            self.window.io_box.setVisible(shown)
            self.fit_panes()

    def lessons_shown_by_user(self, visible: bool):
        """Ctrl+L (or the menu) showed the lesson browser: in presenter mode or a small window it
        takes a narrow strip, and the program keeps its readable width (from the right column)."""
        w = self.window
        if visible and (w.presenter.is_active() or w.width() < WINDOW_SIZE.width()):
            room = w.width() - self.readable_editor_width() - w.splitters[2].minimumSizeHint().width() - 16
            w.resizeDocks([w.lessons_dock], [max(w.lessons_dock.minimumSizeHint().width(),
                                                 min(w.width() // 5, room))], Qt.Orientation.Horizontal)
        if visible and w.isVisible():
            QTimer.singleShot(0, self.fit_panes)

    def readable_editor_width(self) -> int:
        """READABLE_COLUMNS characters of the editor's font, with its gutter and scroll bar."""
        editor = self.window.editor
        chrome = editor.width() - editor.viewport().width()
        if not editor.verticalScrollBar().isVisible():
            chrome += editor.verticalScrollBar().sizeHint().width()
        width = editor.fontMetrics().horizontalAdvance("x" * READABLE_COLUMNS) + chrome + 4
        return min(width, self.screen_geometry().width() // 2)

    def keep_editor_readable(self):
        """In presenter mode the editor's minimum width is readable_editor_width(), so neither the
        lesson browser (Ctrl+L) nor a divider squeezes the code; otherwise the dividers see to it
        (fit_panes) and the user may narrow it at will."""
        w = self.window
        w.editor.setMinimumWidth(self.readable_editor_width() if w.presenter.is_active() else 0)

    def fit_panes(self):
        """Size the dividers for what they show: the program's column for readable code; in
        presenter mode also the results for the verdict and the first leaf's J, vᵀJ and x.grad
        (at most RESULTS_MOST of the column: a larger J scrolls under the verdict), the rest for
        the graph."""
        w = self.window
        self.keep_editor_readable()
        main, left, right, _bottom = w.splitters
        width = sum(main.sizes())
        if width <= 0:
            return
        readable = self.readable_editor_width() + left.width() - w.editor.width()
        if not w.presenter.is_active():
            if main.sizes()[0] < readable:      # e.g. the lesson browser just appeared: from the right
                main.setSizes([readable, width - readable])
            return
        left_width = max(readable, round(width * 0.36))
        left_width = min(left_width, width - right.minimumSizeHint().width())
        main.setSizes([left_width, width - left_width])
        height = sum(right.sizes())
        io = w.io_box.sizeHint().height() if w.io_box.isVisible() else 0
        wanted = w.results.first_leaf_height() + io + 8
        top = min(max(wanted, round(height * RESULTS_LEAST)), round(height * RESULTS_MOST))
        right.setSizes([top, height - top])

    # -- the screen ------------------------------------------------------------------------
    def screen_geometry(self) -> QRect:
        screen = self.window.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry()

    def fit_to_screen(self):
        """Never larger than the screen's available area, and inside it: a window that would not
        fit opens maximised."""
        w = self.window
        if w.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            return
        available = self.screen_geometry()
        frame = w.frameGeometry().size() - w.geometry().size()
        room = available.size() - frame
        if w.width() > room.width() or w.height() > room.height():
            w.resize(min(w.width(), room.width()), min(w.height(), room.height()))
            w.setWindowState(w.windowState() | Qt.WindowState.WindowMaximized)
        x = min(max(w.frameGeometry().x(), available.x()), available.right() + 1 - w.frameGeometry().width())
        y = min(max(w.frameGeometry().y(), available.y()), available.bottom() + 1 - w.frameGeometry().height())
        if (x, y) != (w.frameGeometry().x(), w.frameGeometry().y()):
            w.move(x, y)

    def first_show(self):
        """The window is shown: the first time, fit it to its screen and put the dividers back."""
        if not self.fitted_to_screen:
            self.fitted_to_screen = True
            self.fit_to_screen()
            if self.remembered_splitters:      # once the window has its real size
                QTimer.singleShot(0, self._apply_remembered_splitters)
            elif self.window.lessons_dock.isVisibleTo(self.window) and \
                    self.screen_geometry().width() < WINDOW_SIZE.width():
                # on a small screen (a 1024x768 projector) the window opens, the first time, with the lesson
                # browser as a narrow strip and the program readable, as when Ctrl+L shows it there
                QTimer.singleShot(0, lambda: self.lessons_shown_by_user(True))

    # -- from one session to the next ------------------------------------------------------
    def restore(self):
        """The place, size and dividers the window had when the user last closed it, fitted to the
        screens there are now: on the screen it overlaps most (the primary one when it overlaps
        none), and never larger than that screen (a 1024x768 projector never gets a 1280x800
        window; the first show's fit then maximises a window as large as the screen)."""
        w = self.window
        rect = _parse_rect(app_settings.load(app_settings.WINDOW_GEOMETRY))
        if rect is not None:
            screen = _screen_for(rect)
            w.setScreen(screen)
            w.setGeometry(_fitted(rect, screen.availableGeometry()))
        if app_settings.load(app_settings.WINDOW_MAXIMIZED):
            w.setWindowState(w.windowState() | Qt.WindowState.WindowMaximized)
        try:
            sizes = json.loads(app_settings.load(app_settings.WINDOW_SPLITTERS) or "null")
        except ValueError:
            sizes = None
        self.remembered_splitters = check_view({"splitters": sizes}).get("splitters")

    def _apply_remembered_splitters(self):
        sizes, self.remembered_splitters = self.remembered_splitters, None
        if sizes and not self.window.presenter.is_active():
            self.set_splitter_sizes(sizes)

    def set_splitter_sizes(self, sizes: list) -> None:
        """Each divider at its sizes (checked by check_view), when they are for its panes."""
        if len(sizes) == len(self.window.splitters):
            for splitter, s in zip(self.window.splitters, sizes):
                if len(s) == splitter.count() and sum(s) > 0:
                    splitter.setSizes(s)

    def remember(self):
        """Keep the window's place, size (not maximised) and dividers for the next session."""
        w = self.window
        maximized = bool(w.windowState() & Qt.WindowState.WindowMaximized)
        rect = w.normalGeometry() if maximized else w.geometry()
        if rect.isValid():
            app_settings.store(app_settings.WINDOW_GEOMETRY, f"{rect.x()},{rect.y()},{rect.width()},{rect.height()}")
        app_settings.store(app_settings.WINDOW_MAXIMIZED, maximized)
        app_settings.store(app_settings.WINDOW_SPLITTERS, json.dumps([s.sizes() for s in w.splitters]))

    # -- a work's own layout ---------------------------------------------------------------
    def view(self) -> dict:
        """The layout saved with a work: the side tab, and the dividers once the window has sizes."""
        w = self.window
        view = {"side_tab": max(0, w.side_tabs.currentIndex())}
        if w.isVisible():   # a window never shown has no real sizes yet
            view["splitters"] = [s.sizes() for s in w.splitters]
        return view

    def apply_view(self, view: dict):
        """A work's saved layout, as far as it is right (a 2**31 would raise in setSizes)."""
        view = check_view(view)
        sizes = view.get("splitters")
        if sizes:
            self.set_splitter_sizes(sizes)
            self.remembered_splitters = None     # the work's own dividers, not the last session's
        tab = view.get("side_tab")
        tabs = self.window.side_tabs
        if isinstance(tab, int) and 0 <= tab < tabs.count():
            tabs.setCurrentIndex(tab)


def _parse_rect(text: str) -> QRect | None:
    """"x,y,width,height" as kept by WindowLayout.remember, or None (unset, damaged, absurd)."""
    try:
        x, y, width, height = (int(part) for part in str(text).split(","))
    except ValueError:
        return None
    if not (0 < width < 100_000 and 0 < height < 100_000 and abs(x) < 1_000_000 and abs(y) < 1_000_000):
        return None
    return QRect(x, y, width, height)


def _screen_for(rect: QRect):
    """The screen ``rect`` overlaps most; the primary screen when it overlaps none (a screen gone)."""
    best, area = QGuiApplication.primaryScreen(), 0
    for screen in QGuiApplication.screens():
        overlap = screen.availableGeometry().intersected(rect)
        if overlap.width() * overlap.height() > area:
            best, area = screen, overlap.width() * overlap.height()
    return best


def _fitted(rect: QRect, available: QRect) -> QRect:
    """``rect`` no larger than ``available`` and moved inside it."""
    width, height = min(rect.width(), available.width()), min(rect.height(), available.height())
    x = min(max(rect.x(), available.x()), available.x() + available.width() - width)
    y = min(max(rect.y(), available.y()), available.y() + available.height() - height)
    return QRect(x, y, width, height)
