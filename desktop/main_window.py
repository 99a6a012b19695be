"""The main window: editor and console on the left; output and v, the
side-by-side results, and the backward graph with its step-through on the right.

The window only wires: the panels display, :class:`~desktop.state.AppState`
holds the state, and :class:`~desktop.worker.WorkerHost` runs core off the
GUI thread.  Nothing here computes.
"""
from __future__ import annotations

import json
import os
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QRect, QSize, Qt, QTimer, qVersion
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDialog, QFileDialog, QHBoxLayout, QLabel, QMainWindow, QMessageBox,
                               QProgressBar, QPushButton, QSplitter, QTabWidget, QTextBrowser,
                               QMenu, QToolBar, QVBoxLayout, QWidget)

import resources
from desktop.appearance import settings as app_settings
from desktop.appearance.presenter import PRESENTER_SCALES, PresenterMode
from desktop.appearance.text_size import apply_scale, stored_scale, valid_scale
from desktop.appearance.theme import ThemeManager, theme_choices
from desktop.console import ConsoleView
from desktop.editor.code_editor import CodeEditor
from desktop.exports import Exporter
from desktop.graph.graph_view import GraphView
from desktop.i18n import add_language_menu
from desktop.i18n.composed import translate_text
from desktop.lessons.browser import LessonsDock
from desktop.results.call_picker import CallPicker, calls_signature
from desktop.results.side_by_side import SideBySidePanel
from desktop.results.v_editor import VEditor
from desktop.results.values import shape_text
from desktop.results.witnesses import symbolic_state
from desktop.state import AppState
from desktop.stepper.inspector import NodeInspector
from desktop.stepper.stepper import StepperBar
from desktop.worker import Job, WorkerHost
from desktop.workspace import (SUFFIX, RecoveryBar, RecoverySession, Workspace, WorkspaceError, add_recent_file,
                               check_view, clear_recent_files, find_recoverable, load_document, recent_files,
                               recovery_directory, remove_recent_file, save_workspace, with_workspace_suffix)

PROGRAM_CHOICE = None  # the output picker's "the program's choice" entry
NEW_PROGRAM = "import torch\n\n"
AUTOSAVE_DELAY_MS = 3000       # after the last change ...
AUTOSAVE_MAX_DELAY_MS = 15000  # ... but never longer after the first unsaved one

WINDOW_SIZE = QSize(1280, 800)              # the size the window opens at, when its screen has room
READABLE_COLUMNS = 40                       # the editor never gets narrower than this many characters


class MainWindow(QMainWindow):
    """The app's one window.  ``program_text`` defaults to the first lesson."""

    def __init__(self, program_text: str | None = None, program_name: str | None = None,
                 parent: QWidget | None = None, autorun: bool = True):
        super().__init__(parent)
        if program_text is None:
            program_name = program_name or resources.DEFAULT_LESSON
            program_text = resources.read_lesson(program_name)
        self.state = AppState()
        self.host = WorkerHost(self)
        self._job_id = None
        self._job_key = None        # what the current analysis job analyses (program, output, v, call)
        self._shown_key = None      # what the complete analysis shown analysed
        self._paths_job = None
        self._reset_why: str | None = None   # why a choice went back to its default; said with the next results
        self._probing = None        # the outcome that failed with the chosen v, while the run without v is on its way
        self.setWindowTitle(self.tr("Backprop Lens"))
        self._fitted_to_screen = False      # the first show fits the window to its screen
        self.resize(WINDOW_SIZE)

        self._build_panels()
        self._build_toolbar()
        self._build_menus()
        self._connect()
        self._build_lessons_and_appearance()
        self._build_settings_menu()
        self._restore_window_layout()

        self.editor.set_program(program_text)
        self.state.set_program(program_text)
        self._init_workspace(program_name or "")
        self._select_lesson(program_name if _is_lesson(program_name, program_text) else None)
        self._set_status(self.tr("Ready"))
        self.host.submit(Job("warmup"))
        if autorun:
            QTimer.singleShot(0, self.run_analysis)

    # -- layout ------------------------------------------------------------------------
    def _build_panels(self):
        self.editor = CodeEditor(self)
        self.console = ConsoleView(self)
        left = QSplitter(Qt.Orientation.Vertical, self)
        left.addWidget(self.editor)
        left.addWidget(self.console)
        left.setStretchFactor(0, 3)
        left.setStretchFactor(1, 1)

        # output and v
        self.output_picker = QComboBox(self)
        self.output_picker.setToolTip(self.tr("The tensor whose Jacobian is shown"))
        self.v_editor = VEditor(self)
        self.io_box = io_box = QWidget(self)
        io = QVBoxLayout(io_box)
        io.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Output:"), self))
        row.addWidget(self.output_picker, 1)
        io.addLayout(row)
        self.call_picker = CallPicker(self)     # shown when the program differentiates more than once
        io.addWidget(self.call_picker)
        io.addWidget(self.v_editor)
        # the console shows the program's own run; said when the results use another v
        self.v_note = QLabel(self)
        self.v_note.setObjectName("v-note")
        self.v_note.setWordWrap(True)
        self.v_note.setTextFormat(Qt.TextFormat.PlainText)
        self.v_note.hide()
        io.addWidget(self.v_note)
        self._own_v = None      # (what it is for, the program's own v), from the last run with it

        self.results = SideBySidePanel(self)    # scrolls inside, below its verdict
        self.paths_view = QTextBrowser(self)
        self.paths_view.setPlaceholderText(self.tr("Click an entry of J to see its chain-rule paths: every "
                                                   "route from that output element to that leaf element, with "
                                                   "the product of the local derivatives along it."))
        self.paths_view.setOpenLinks(False)     # a path:N link marks that path on the graph
        self.paths_view.anchorClicked.connect(self._path_clicked)
        self._paths_result = None

        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(io_box)
        top_layout.addWidget(self.results, 1)

        self.graph = GraphView(self)
        self.stepper = StepperBar(self)
        self.inspector = NodeInspector(self)
        self.inspector.set_latex_renderer(self._render_latex)
        graph_box = QWidget(self)
        gl = QVBoxLayout(graph_box)
        gl.setContentsMargins(0, 0, 0, 0)
        gl.addWidget(self.graph, 1)
        gl.addWidget(self.stepper)
        self.side_tabs = QTabWidget(self)
        self.side_tabs.addTab(self.inspector, self.tr("Step"))
        self.side_tabs.addTab(self.paths_view, self.tr("Paths"))
        bottom = QSplitter(Qt.Orientation.Horizontal, self)
        bottom.addWidget(graph_box)
        bottom.addWidget(self.side_tabs)

        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(top)
        right.addWidget(bottom)

        main = QSplitter(Qt.Orientation.Horizontal, self)
        main.addWidget(left)
        main.addWidget(right)
        self.setCentralWidget(main)
        self.splitters = (main, left, right, bottom)
        # proportions, kept as the window is resized
        for splitter, weights in ((main, (4, 6)), (left, (7, 3)), (right, (3, 2)), (bottom, (3, 2))):
            for i, w in enumerate(weights):
                splitter.setStretchFactor(i, w)
            splitter.setSizes([w * 1000 for w in weights])

    def _build_toolbar(self):
        bar = QToolBar(self.tr("Run"), self)
        bar.setObjectName("run-toolbar")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.run_action = QAction(self.tr("Run"), self)
        self.run_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.run_action.setToolTip(self.tr("Run the program and analyse it now (Ctrl+Enter); it also runs by itself "
                                           "a moment after each edit"))
        self.run_action.triggered.connect(self.run_analysis)
        bar.addAction(self.run_action)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_analysis)
        bar.addWidget(self.cancel_button)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(False)
        self.progress.hide()
        bar.addWidget(self.progress)
        self.progress_label = QLabel(self)
        self._progress_text = ""        # the latest progress text, as core sent it
        bar.addWidget(self.progress_label)
        bar.addSeparator()
        self.rows_action = QAction(self.tr("J row by row"), self)
        self.rows_action.setToolTip(self.tr("Build J one row at a time: one backward per one-hot v"))
        self.rows_action.triggered.connect(self.show_row_by_row)
        bar.addAction(self.rows_action)
        # presenter mode folds "Output and v" away, for the results; this unfolds it
        self.io_action = QAction(self.tr("Output and v"), self)
        self.io_action.setCheckable(True)
        self.io_action.setToolTip(self.tr("Show or hide the choice of the output and of v (presenter mode "
                                          "hides them to give the results their room)"))
        self.io_action.toggled.connect(self._io_toggled)
        self.io_action.setVisible(False)
        bar.addAction(self.io_action)
        for action in self.stepper.actions():
            self.addAction(action)

    def _build_menus(self):
        self.file_menu = file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.new_action = file_menu.addAction(self.tr("&New"))
        self.new_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self.new_workspace)
        self.open_action = file_menu.addAction(self.tr("&Open..."))
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.setToolTip(self.tr("Open a workspace (.bplens) or a Python program (.py)"))
        self.open_action.triggered.connect(self.open_file)
        self.recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self.recent_menu.setToolTipsVisible(True)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        self.save_action = file_menu.addAction(self.tr("&Save"))
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self.save_workspace)
        self.save_as_action = file_menu.addAction(self.tr("Save &As..."))
        self.save_as_action.setShortcut(QKeySequence.StandardKey.SaveAs)
        self.save_as_action.triggered.connect(self.save_workspace_as)
        self.save_program_action = file_menu.addAction(self.tr("Save &program as..."))
        self.save_program_action.setToolTip(self.tr("Write only the program, as a .py file"))
        self.save_program_action.triggered.connect(self.save_program)
        file_menu.addSeparator()
        self.quit_action = quit_action = file_menu.addAction(self.tr("&Quit"))
        # some platforms bind no key to the standard Quit: Ctrl+Q then
        quit_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Quit) or [QKeySequence("Ctrl+Q")])
        quit_action.triggered.connect(self.request_close)
        self.view_menu = view_menu = self.menuBar().addMenu(self.tr("&View"))
        fit = view_menu.addAction(self.tr("&Fit graph"))
        fit.setShortcut(QKeySequence("Ctrl+0"))
        fit.triggered.connect(self.graph.fit)
        self.help_menu = help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.shortcuts_action = help_menu.addAction(self.tr("&Keyboard shortcuts"))
        self.shortcuts_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.about_action = help_menu.addAction(self.tr("&About Backprop Lens"))
        self.about_action.triggered.connect(self.show_about)
        self.exporter = Exporter(self, before_menu=view_menu)
        self.language_menu = add_language_menu(self, before=self.help_menu)

    def _build_settings_menu(self):
        # Settings ▸ Settings... (the dialog) and Settings ▸ Limits (its Limits page, as core's
        # LimitExceeded messages name it); before Help, after Lessons
        self.settings_menu = QMenu(self.tr("&Settings"), self)
        self.settings_action = self.settings_menu.addAction(self.tr("&Settings..."))
        # no platform but macOS binds Preferences to a key: Ctrl+, then, as in most editors
        self.settings_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
                                          or [QKeySequence("Ctrl+,")])
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.setToolTip(self.tr("Theme, text size, language and the limits of a run"))
        self.settings_action.triggered.connect(lambda: self.show_settings())
        self.addAction(self.settings_action)    # also with the menu bar out of reach
        self.limits_action = self.settings_menu.addAction(self.tr("&Limits..."))
        self.limits_action.setToolTip(self.tr("The limits of a run: steps, seconds, tensor elements, memory..."))
        self.limits_action.triggered.connect(lambda: self.show_limits())
        self.settings_dialog = None
        self._settings_page: str | None = None     # the page the dialog was closed at
        self.menuBar().insertMenu(self.help_menu.menuAction(), self.settings_menu)
        self.limits_button: QPushButton | None = None   # "Change limits...", after a run a limit stopped

    def _connect(self):
        s = self.state
        self.editor.runRequested.connect(self.run_analysis)
        self.editor.editedQuietly.connect(self._edited)
        self.console.lineActivated.connect(self.editor.go_to_line)
        self.output_picker.activated.connect(self._output_picked)
        self.call_picker.chosen.connect(self._call_picked)
        self.v_editor.vChanged.connect(self._v_edited)
        self.results.entryActivated.connect(self._entry_activated)
        self._panes_timer = QTimer(self)        # presenter mode: the panes fitted again after a layout
        self._panes_timer.setSingleShot(True)
        self._panes_timer.setInterval(0)
        self._panes_timer.timeout.connect(self.fit_panes)
        self.results.contentResized.connect(self._results_resized)
        self.stepper.stepChanged.connect(s.set_step)
        self.stepper.stepChanged.connect(self._stepped)
        self._restoring_step = False     # a loaded workspace's step: its view chose the side tab
        s.stepChanged.connect(self._show_step)
        s.resultsChanged.connect(self._show_results)
        s.partialResultsChanged.connect(self._show_results)
        s.symbolicStopped.connect(self._show_symbolic_stopped)
        s.busyChanged.connect(self._show_busy)
        w = self.host.worker
        w.progress.connect(self._progress)
        w.finished.connect(self._finished)
        w.partialReady.connect(self._partial)
        w.failed.connect(self._failed)
        w.pathsReady.connect(self._paths_ready)
        w.pytorchLoaded.connect(self._pytorch_loaded)

    # -- lessons, presenter mode, themes ---------------------------------------------------
    def _build_lessons_and_appearance(self):
        self.lessons_dock = LessonsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.lessons_dock)
        self.resizeDocks([self.lessons_dock], [320], Qt.Orientation.Horizontal)
        browser = self.lessons_dock.browser
        browser.openRequested.connect(self.open_lesson)
        self.lessons_dock.setVisible(bool(app_settings.load(app_settings.LESSONS_VISIBLE)))
        self.lessons_action = self.lessons_dock.toggleViewAction()
        self.lessons_action.setShortcut(QKeySequence("Ctrl+L"))
        self.lessons_action.setToolTip(self.tr("Show or hide the lesson browser (Ctrl+L)"))
        # toggled only when the dock itself is shown or hidden, not when the window closes
        self.lessons_action.toggled.connect(self._lessons_toggled)
        self.lessons_action.triggered.connect(self._lessons_shown_by_user)
        lessons_menu = QMenu(self.tr("&Lessons"), self)
        lessons_menu.addAction(self.lessons_action)
        open_selected = lessons_menu.addAction(self.tr("&Open the selected lesson"))
        open_selected.triggered.connect(browser.open_selected)
        lessons_menu.addSeparator()
        # a clicker's keys step (PageDown / PageUp, presenter mode); with Ctrl they change the lesson
        self.next_lesson_action = lessons_menu.addAction(self.tr("&Next lesson"))
        self.next_lesson_action.setShortcut(QKeySequence("Ctrl+PgDown"))
        self.next_lesson_action.triggered.connect(lambda: self.open_adjacent_lesson(1))
        self.previous_lesson_action = lessons_menu.addAction(self.tr("&Previous lesson"))
        self.previous_lesson_action.setShortcut(QKeySequence("Ctrl+PgUp"))
        self.previous_lesson_action.triggered.connect(lambda: self.open_adjacent_lesson(-1))
        for action in (self.next_lesson_action, self.previous_lesson_action):
            self.addAction(action)     # also with the menu bar out of reach
        self.menuBar().insertMenu(self.help_menu.menuAction(), lessons_menu)

        self.presenter = PresenterMode(self)
        self.presenter_action = QAction(self.tr("&Presenter mode"), self)
        self.presenter_action.setCheckable(True)
        self.presenter_action.setShortcut(QKeySequence(Qt.Key.Key_F5))
        self.presenter_action.setToolTip(self.tr("Full screen, large fonts, high contrast; ←/→ step, "
                                                 "Esc or F5 leaves (F5)"))
        self.presenter_action.toggled.connect(self.set_presenter_mode)
        self.presenter.toggled.connect(self.presenter_action.setChecked)
        self.addAction(self.presenter_action)   # F5 also works with the menu bar hidden
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.presenter_action)
        size_menu = self.view_menu.addMenu(self.tr("Presenter &text size"))
        size_group = QActionGroup(self)
        self.presenter_size_actions = {}
        for scale in PRESENTER_SCALES:
            action = size_menu.addAction(f"{scale:g}×")
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, x=scale: self.presenter.set_font_scale(x))
            size_group.addAction(action)
            self.presenter_size_actions[scale] = action
        size_menu.aboutToShow.connect(self._check_presenter_size)
        self._check_presenter_size()

        self.theme = ThemeManager.instance()
        theme_menu = self.view_menu.addMenu(self.tr("&Theme"))
        group = QActionGroup(self)
        self.theme_actions = {}
        for choice, text in theme_choices():
            action = theme_menu.addAction(text)
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, c=choice: self.set_theme(c))
            group.addAction(action)
            self.theme_actions[choice] = action
        self.theme.changed.connect(self._theme_changed)
        self.theme.reload()
        self._base_points = (self.editor.font().pointSizeF(), self.console.browser().font().pointSizeF())
        self._text_scale = 1.0
        self.text_scale_changed(apply_scale(stored_scale()))

    def open_lesson(self, name: str) -> bool:
        """Put lesson ``name``'s program in the editor and run it (after asking
        about unsaved changes); False when the user cancels."""
        if not self.replace_program(resources.read_lesson(name), name):
            return False
        app_settings.store(app_settings.LAST_LESSON, name)
        self._select_lesson(name)
        return True

    def open_adjacent_lesson(self, step: int) -> bool:
        """Open the lesson ``step`` places after (before, when negative) the one selected in the
        browser; False at either end of the list or when the user cancels."""
        browser = self.lessons_dock.browser
        names = browser.lesson_names()
        current = browser.selected() or app_settings.load(app_settings.LAST_LESSON)
        index = names.index(current) + step if current in names else (0 if step > 0 else len(names) - 1)
        if not 0 <= index < len(names):
            return False
        return self.open_lesson(names[index])

    def _select_lesson(self, name: str | None):
        """Show lesson ``name`` as the one in the editor in the browser; None: the work is no lesson
        (New, a file opened, a restored work), so none is."""
        self.lessons_dock.browser.select(name)

    def _lessons_toggled(self, visible: bool):
        if self.isVisible() and not self.presenter.is_active():   # presenter mode hides it for a while
            app_settings.store(app_settings.LESSONS_VISIBLE, bool(visible))

    def _lessons_shown_by_user(self, visible: bool):
        """Ctrl+L (or the menu) showed the lesson browser: in presenter mode or a small window it
        takes a narrow strip, and the program keeps its readable width (from the right column)."""
        if visible and (self.presenter.is_active() or self.width() < WINDOW_SIZE.width()):
            # the browser takes a narrow strip; the program keeps its readable width
            room = self.width() - self.readable_editor_width() - self.splitters[2].minimumSizeHint().width() - 16
            self.resizeDocks([self.lessons_dock], [max(self.lessons_dock.minimumSizeHint().width(),
                                                       min(self.width() // 5, room))], Qt.Orientation.Horizontal)
        if visible and self.isVisible():
            QTimer.singleShot(0, self.fit_panes)

    def _check_presenter_size(self):
        current = self.presenter.font_scale()
        for scale, action in self.presenter_size_actions.items():
            action.setChecked(abs(scale - current) < 1e-6)

    def is_presenter_mode(self) -> bool:
        return self.presenter.is_active()

    def presenter_layout(self, on: bool):
        """Presenter mode's arrangement (called by it as it enters and leaves, after the fonts):
        "Output and v" folded away (the toolbar unfolds it), J, vᵀJ and x.grad first in the
        results, and the panes fitted to what they show."""
        self.io_action.setVisible(on)
        self.io_box.setVisible(not on or self.io_action.isChecked())
        self.results.set_compact(on)
        self.restyle_views()
        self.keep_editor_readable()
        if on:
            self.fit_panes()
            QTimer.singleShot(0, self._refit_presenting)     # again, once the window is full screen

    def _refit_presenting(self):
        if self.presenter.is_active():
            self.fit_panes()

    def _results_resized(self):
        if self.presenter.is_active():
            self._panes_timer.start()

    def _io_toggled(self, shown: bool):
        if self.presenter.is_active():
            self.io_box.setVisible(shown)
            self.fit_panes()

    def readable_editor_width(self) -> int:
        """READABLE_COLUMNS characters of the editor's font, with its gutter and scroll bar."""
        editor = self.editor
        chrome = editor.width() - editor.viewport().width()
        if not editor.verticalScrollBar().isVisible():
            chrome += editor.verticalScrollBar().sizeHint().width()
        width = editor.fontMetrics().horizontalAdvance("x" * READABLE_COLUMNS) + chrome + 4
        return min(width, self._screen_geometry().width() // 2)

    def keep_editor_readable(self):
        """In presenter mode the editor's minimum width is readable_editor_width(), so neither the
        lesson browser (Ctrl+L) nor a divider squeezes the code; otherwise the dividers see to it
        (fit_panes) and the user may narrow it at will."""
        self.editor.setMinimumWidth(self.readable_editor_width() if self.presenter.is_active() else 0)

    def fit_panes(self):
        """Size the dividers for what they show: the program's column for readable code; in
        presenter mode also the results for the verdict and the first leaf's J, vᵀJ and x.grad,
        the rest for the graph."""
        self.keep_editor_readable()
        main, left, right, _bottom = self.splitters
        width = sum(main.sizes())
        if width <= 0:
            return
        readable = self.readable_editor_width() + left.width() - self.editor.width()
        if not self.presenter.is_active():
            if main.sizes()[0] < readable:      # e.g. the lesson browser just appeared: from the right
                main.setSizes([readable, width - readable])
            return
        left_width = max(readable, round(width * 0.36))
        left_width = min(left_width, width - right.minimumSizeHint().width())
        main.setSizes([left_width, width - left_width])
        height = sum(right.sizes())
        io = self.io_box.sizeHint().height() if self.io_box.isVisible() else 0
        wanted = self.results.first_leaf_height() + io + 8
        top = min(max(wanted, round(height * 0.3)), round(height * 0.8))
        right.setSizes([top, height - top])

    def _screen_geometry(self):
        screen = self.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry()

    def _fit_to_screen(self):
        """Never larger than the screen's available area, and inside it: a window that would not
        fit opens maximised."""
        if self.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            return
        available = self._screen_geometry()
        frame = self.frameGeometry().size() - self.geometry().size()
        room = available.size() - frame
        if self.width() > room.width() or self.height() > room.height():
            self.resize(min(self.width(), room.width()), min(self.height(), room.height()))
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)
        x = min(max(self.frameGeometry().x(), available.x()), available.right() + 1 - self.frameGeometry().width())
        y = min(max(self.frameGeometry().y(), available.y()), available.bottom() + 1 - self.frameGeometry().height())
        if (x, y) != (self.frameGeometry().x(), self.frameGeometry().y()):
            self.move(x, y)

    def showEvent(self, event):
        if not self._fitted_to_screen:
            self._fitted_to_screen = True
            self._fit_to_screen()
            if self._remembered_splitters:      # once the window has its real size
                QTimer.singleShot(0, self._apply_remembered_splitters)
        super().showEvent(event)

    # -- the window's size, place and dividers, from one session to the next -------------------
    def _restore_window_layout(self):
        """The place, size and dividers the window had when the user last closed it, fitted to the
        screens there are now: on the screen it overlaps most (the primary one when it overlaps
        none), and never larger than that screen (a 1024x768 projector never gets a 1280x800
        window; showEvent's fit then maximises a window as large as the screen)."""
        rect = _parse_rect(app_settings.load(app_settings.WINDOW_GEOMETRY))
        if rect is not None:
            screen = _screen_for(rect)
            self.setScreen(screen)
            self.setGeometry(_fitted(rect, screen.availableGeometry()))
        if app_settings.load(app_settings.WINDOW_MAXIMIZED):
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)
        try:
            sizes = json.loads(app_settings.load(app_settings.WINDOW_SPLITTERS) or "null")
        except ValueError:
            sizes = None
        self._remembered_splitters = check_view({"splitters": sizes}).get("splitters")

    def _apply_remembered_splitters(self):
        sizes, self._remembered_splitters = self._remembered_splitters, None
        if sizes and not self.presenter.is_active():
            self._set_splitter_sizes(sizes)

    def _set_splitter_sizes(self, sizes: list) -> None:
        """Each divider at its sizes (checked by check_view), when they are for its panes."""
        if len(sizes) == len(self.splitters):
            for splitter, s in zip(self.splitters, sizes):
                if len(s) == splitter.count() and sum(s) > 0:
                    splitter.setSizes(s)

    def _remember_window_layout(self):
        """Keep the window's place, size (not maximised) and dividers for the next session."""
        maximized = bool(self.windowState() & Qt.WindowState.WindowMaximized)
        rect = self.normalGeometry() if maximized else self.geometry()
        if rect.isValid():
            app_settings.store(app_settings.WINDOW_GEOMETRY, f"{rect.x()},{rect.y()},{rect.width()},{rect.height()}")
        app_settings.store(app_settings.WINDOW_MAXIMIZED, maximized)
        app_settings.store(app_settings.WINDOW_SPLITTERS, json.dumps([s.sizes() for s in self.splitters]))

    def set_presenter_mode(self, on: bool):
        """Presenter mode on or off (F5; Esc also leaves)."""
        self.presenter.set_active(on)

    def set_theme(self, choice: str):
        """"system", "light" or "dark" (kept for the next session)."""
        self.theme.set_choice(choice)

    def text_scale(self) -> float:
        """The text size outside presenter mode (Settings), times the platform's."""
        return self._text_scale

    def set_text_scale(self, scale: float, save: bool = True):
        """Make all text ``scale`` times the platform's size outside presenter mode (kept for the
        next session when ``save``); presenter mode, if on, presents from the new size."""
        scale = valid_scale(scale)
        if save:
            app_settings.store(app_settings.TEXT_SCALE, scale)
        with self.presenter.suspended():
            apply_scale(scale)     # every window takes it up (text_scale_changed)

    def text_scale_changed(self, scale: float):
        """The application's fonts are ``scale`` times the platform's now (desktop.appearance.text_size):
        the editor, the console and the graph, which size their own text, follow."""
        if self.presenter.is_active():
            return      # presenter mode's sizes; set_text_scale leaves it first
        self._text_scale = scale
        editor_points, console_points = self._base_points
        self.editor.set_font_point_size(editor_points * scale)
        self.console.set_font_point_size(console_points * scale)
        self.graph.style_.set_presentation(scale, 1.0)
        self.keep_editor_readable()
        self.restyle_views()

    def _theme_changed(self, _shown: str):
        action = self.theme_actions.get(self.theme.choice())
        if action is not None:
            action.setChecked(True)

    def restyle_views(self):
        """Draw the graph, the results and the step again (after the sizes changed)."""
        a = self.state.analysis
        self.graph.set_graph((a or {}).get("graph") or {"nodes": [], "edges": []}, self._no_graph_text())
        self.results.set_analysis(a, self.state.note, (self.state.run or {}).get("error"))
        self._show_step(self.state.step)
        if getattr(self, "_progress_text", ""):     # the progress text, in the language shown now
            self.progress_label.setText(translate_text(self._progress_text))

    # -- running -------------------------------------------------------------------------
    def run_analysis(self):
        """Run the program in the editor and analyse it (off the GUI thread)."""
        self.state.set_program(self.editor.program())
        self._submit_analysis(self.state.v)

    def _submit_analysis(self, v):
        call = self.state.call
        job = Job("analyze", source=self.state.program, output=self.state.output, v=v,
                  limits=app_settings.load_limits() or None, call=call and call.call,
                  iteration=call and call.iteration)
        self._job_id = self.host.submit(job).id
        self._job_key = (self.state.program, self.state.output, v, call)
        self._probing = None
        self.state.set_busy(True)
        self.progress.setValue(0)

    def cancel_analysis(self):
        """Stop the analysis under way.  Whatever that job answers now (a late result, or a
        failure of the process stopping it) is not shown: it was cancelled."""
        self.host.cancel()
        self._job_id = None
        self._probing = None
        self._reset_why = None
        self.state.set_busy(False)
        self.editor.clear_error()       # it belonged to a run before the one cancelled
        self._set_status(self._cancelled_text())

    def _cancelled_text(self) -> str:
        """The analysis was cancelled: a numeric stage's results shown stay (the engine's x.grad and
        the numeric verdict are this program's, and right), marked: its symbolic J was not computed."""
        if self.state.symbolic_stopped("cancelled"):
            return self.tr("Cancelled: the numeric verdict and x.grad stay; the symbolic Jacobian was not computed.")
        return self.tr("Cancelled")

    def _edited(self):
        self.run_analysis()

    def _output_picked(self, index: int):
        self.state.set_call(None)      # core analyses the call that differentiates the output
        self.state.set_output(self.output_picker.itemData(index))
        self.run_analysis()

    def _call_picked(self, choice):
        """A differentiation chosen in the picker (None: the first): analyse it.  Its output is
        the one that call differentiates; v stays for another iteration of the same line."""
        analysed = (self.state.analysis or {}).get("call") or {}
        self.state.set_output(None)
        if choice is None or choice.line != analysed.get("line"):
            self.state.set_v(None)     # a v belongs to one output's shape
        self.state.set_call(choice)
        self.run_analysis()

    def _call_lapses(self, outcome) -> bool:
        """With a call chosen: the program's calls changed (an edit), or the choice could not be analysed."""
        choice = self.state.call
        return not (choice is None or (outcome.analysis is not None
                                       and calls_signature(outcome.analysis) == choice.calls))

    def _call_lapsed(self, outcome) -> bool:
        """After a run with a call chosen: when the program's calls changed (an edit), or the
        choice could not be analysed, go back to the first call and run again; True if so."""
        if not self._call_lapses(outcome):
            return False
        self.state.set_call(None)
        if outcome.analysis is not None:
            self._reset_why = self.tr("The program's calls changed: the first is analysed again.")
        else:
            self._reset_why = self.tr("The call chosen could not be analysed ({0}); the first is analysed "
                                      "instead.").format(translate_text(outcome.note or ""))
        self.run_analysis()
        return True

    def _output_lapsed(self, outcome) -> bool:
        """The output chosen is no tensor of a program that ran to its end (it was edited or
        replaced): go back to the tensor the program differentiates and run again; True if so.
        A program stopped by an error keeps the choice (its tensor may come later in it)."""
        if not self._output_lapses(outcome):
            return False
        name = self.state.output
        self.state.set_output(None)     # and v, which belonged to that output's shape
        self._reset_why = self.tr("This program has no tensor named {0}: the tensor it differentiates is "
                                  "analysed instead.").format(name)
        self.run_analysis()
        return True

    def _output_lapses(self, outcome) -> bool:
        """The output chosen is no tensor of a program that ran to its end."""
        name, run = self.state.output, outcome.run or {}
        return not (name is None or outcome.run is None or run.get("error") or name in (run.get("tensors") or {}))

    def _v_lapsed(self, outcome) -> bool:
        """The chosen v could not be analysed: run once more without it (core alone knows the
        output's shape); :meth:`_v_probed` keeps v unless that run shows v no longer fits."""
        error = (outcome.run or {}).get("error") or {}
        if outcome.analysis is not None or self.state.v is None or error.get("kind") == "rejected":
            return False
        self._submit_analysis(None)
        self._probing = outcome
        return True

    def _v_probed(self, failed, outcome):
        """The outcome to show after the run without v: with an analysis, v did not fit the
        output's shape (the program changed) and goes back to its default; without one, v was
        not what stopped the analysis, so it stays and the first outcome is shown."""
        if outcome.analysis is None:
            return failed
        self.state.set_v(None)
        self._reset_why = self.tr("v no longer fits the output, whose shape is {0} now: it is back to its "
                                  "default.").format(shape_text(outcome.analysis.get("output_shape") or []))
        return outcome

    def _v_edited(self, v):
        if v is None:
            return
        self.state.set_v(v)
        self.run_analysis()

    def _progress(self, job_id: int, fraction: float, text: str):
        if job_id != self._job_id:
            return
        self.progress.setValue(int(fraction * 1000))
        self._progress_text = text          # core's English, shown (and re-shown) in the UI's language
        self.progress_label.setText(translate_text(text))

    def _pytorch_loaded(self):
        """Real PyTorch has loaded in the analysis process: the analysis on screen came before
        it, so run it again (keeping the step shown) to add the fourth witness."""
        a = self.state.analysis
        if a is None or a.get("pytorch") is not None or not a.get("leaves") or self.state.busy or self.state.partial:
            return
        if self.state.step >= 0 and self._pending_step is None:
            self._pending_step = self.state.step
        self.run_analysis()

    def _partial(self, job_id: int, outcome):
        """The current analysis's first answer (its numeric stage): shown at once, the job still
        running (progress and Cancel stay).  Not while a v is being probed or when the answer
        will be run again (a call or an output that lapsed: its finished answer is not shown
        either), nor over a complete analysis of the same request (PyTorch's re-run: the graph
        and the step stay in place until the new answer)."""
        if job_id != self._job_id or self._probing is not None or outcome.analysis is None or outcome.cancelled:
            return
        if self._call_lapses(outcome) or self._output_lapses(outcome):
            return
        if self.state.analysis is not None and not self.state.partial and self._shown_key == self._job_key:
            return
        self.state.set_partial_results(outcome.run, outcome.analysis)
        self._set_status(self.tr("Numeric verdict in {0:.0f} ms; the symbolic Jacobian is being computed…").format(
            outcome.seconds * 1000))

    def _finished(self, job_id: int, outcome):
        if job_id != self._job_id:
            return  # a newer run replaced this one, or it was cancelled
        self.state.set_busy(False)
        if outcome.cancelled:
            self._set_status(self._cancelled_text())
            return
        failed, self._probing = self._probing, None
        if failed is not None:
            outcome = self._v_probed(failed, outcome)
        # each of these runs again, and its outcome is not shown: the next one is on its way
        elif self._call_lapsed(outcome) or self._output_lapsed(outcome) or self._v_lapsed(outcome):
            return
        self.state.set_results(outcome.run, outcome.analysis, outcome.note)
        self._shown_key = self._job_key
        self._set_status(self.tr("Analysed in {0:.0f} ms").format(outcome.seconds * 1000))
        why, self._reset_why = self._reset_why, None
        if why:
            self._set_status(why)

    def _failed(self, job_id: int, message: str):
        if job_id != self._job_id:
            return
        self.state.set_busy(False)
        self.state.symbolic_stopped("failed")       # a numeric stage's results shown stay, marked
        self._set_status(self.tr("The analysis failed inside Backprop Lens; your program is safe in the editor."))
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Backprop Lens"),
                          self.tr("The analysis failed inside Backprop Lens. Your program is safe in the editor."),
                          QMessageBox.StandardButton.Ok, self)
        box.setDetailedText(message)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def _show_busy(self, busy: bool):
        self.cancel_button.setEnabled(busy)
        self.progress.setVisible(busy)
        self.results.set_running(busy)
        if self.state.run is None:      # nothing shown yet: the graph's place says whether it is coming
            self.graph.set_graph(None, self._no_graph_text())
        if not busy:
            self._progress_text = ""
            self.progress_label.clear()

    # -- showing ---------------------------------------------------------------------------
    def _show_results(self):
        s = self.state
        run = s.run or {}
        error = run.get("error")
        notes = [{"category": self.tr("Backprop Lens note"), "message": translate_text(n)} for n in run.get("notes", [])]
        own_v, v_differs = self._program_v(s.analysis)
        self.v_note.setText(self.tr("What the program printed comes from its own backward, with its own v; "
                                    "J, vᵀJ and x.grad here use the v chosen above."))
        self.v_note.setVisible(v_differs)
        if v_differs:
            notes.insert(0, {"category": self.tr("Backprop Lens note"), "message": self.v_note.text()})
        self.console.set_run(run.get("stdout", ""), error, run.get("warnings", []) + notes)
        self._offer_limits(error)
        if error and error.get("line") and s.program == self.editor.program():
            self.editor.set_error(error["line"], error.get("col"), f"{error['type']}: {error['message']}")
        else:
            self.editor.clear_error()   # no error, or one in a text the editor no longer holds
        self._fill_output_picker(run.get("tensors") or {})
        a = s.analysis
        self.call_picker.set_calls(a)
        self.results.set_analysis(a, s.note, error)
        graph = (a or {}).get("graph") or {"nodes": [], "edges": []}
        self.graph.set_graph(graph, self._no_graph_text())
        self.inspector.set_graph(graph)
        self.paths_view.clear()
        self._paths_result = None
        if a is not None:
            self.v_editor.set_shape(a.get("output_shape") or [], a.get("grad_tensor"), program_v=own_v)
        elif s.note:
            self.results_note(s.note)
        self.stepper.set_trace(s.trace)

    def _show_symbolic_stopped(self):
        """The numeric stage's results shown stay, their job stopped: said in place (nothing is laid
        out again, so nothing jumps)."""
        self.results.set_symbolic_state(self.state.analysis)
        self.graph.set_graph({"nodes": [], "edges": []}, self._no_graph_text())

    def _program_v(self, analysis: dict | None) -> tuple:
        """(the program's own v for what is analysed, if known; whether the results use another v).
        The program's v is the one an analysis without a chosen v used (core does not say it when
        one is chosen), kept for the same program, output and call."""
        if analysis is None:
            return None, False
        s = self.state
        key = (s.program, s.output, s.call)
        if analysis.get("grad_tensor_source") != "option":
            self._own_v = (key, analysis.get("grad_tensor"))
        own = self._own_v[1] if self._own_v is not None and self._own_v[0] == key else None
        chosen = analysis.get("grad_tensor_source") == "option"
        return own, chosen and (own is None or own != analysis.get("grad_tensor"))

    def _no_graph_text(self) -> str | None:
        """Why no graph is drawn, unless it is that the output has no grad_fn (the graph's own
        text): nothing has run yet, the program was not run or stopped with an error, or there is
        no analysis for another reason (the results panel says which)."""
        s = self.state
        if s.partial:
            state = symbolic_state(s.analysis)
            if state == "pending":
                return self.tr("The backward graph and its step-through come with the full result, once the "
                               "symbolic Jacobian is done.")
            if state == "cancelled":
                return self.tr("No graph: the analysis was cancelled before the graph was drawn. Run the program "
                               "again (Ctrl+Enter) to see it.")
            return self.tr("No graph: the analysis stopped before the graph was drawn.")
        if s.analysis is not None:
            return None
        if s.run is None:
            return self.tr("Analysing the program...") if s.busy else self.tr("No graph yet: it is drawn once "
                                                                              "the program has run.")
        error = s.run.get("error") or {}
        line = error.get("line")
        if error.get("kind") == "rejected":
            return (self.tr("No graph: the program was not run ({0} at line {1}).").format(error.get("type"), line)
                    if line else self.tr("No graph: the program was not run ({0}).").format(error.get("type")))
        if error.get("kind") in ("raised", "limit"):
            return (self.tr("No graph: the program stopped with an error at line {0}.").format(line) if line
                    else self.tr("No graph: the program stopped with an error."))
        return self.tr("No graph: there is no analysis for this run (the results say why).")

    def results_note(self, note: str):
        """Why there is no analysis (core's English): in the status bar, in the UI's language
        (the results panel shows it too)."""
        self._set_status(translate_text(note))

    def _fill_output_picker(self, tensors: dict):
        current = self.state.output
        self.output_picker.blockSignals(True)
        self.output_picker.clear()
        self.output_picker.addItem(self.tr("(the tensor the program differentiates)"), PROGRAM_CHOICE)
        for name, t in tensors.items():
            if t.get("grad_fn") or t.get("requires_grad"):
                self.output_picker.addItem(f"{name}  {t.get('shape')}", name)
        if current is not None and self.output_picker.findData(current) < 0:
            # the list shows what is analysed, even a name this run has no tensor for (yet)
            shape = (tensors.get(current) or {}).get("shape")
            self.output_picker.addItem(current if shape is None else f"{current}  {shape}", current)
        self.output_picker.setCurrentIndex(max(0, self.output_picker.findData(current)))
        self.output_picker.blockSignals(False)

    def _stepped(self, index: int):
        """The user stepped (buttons, keys, a clicker, playing): the Step tab comes forward, as the
        step is what they look at now (the Paths tab hid it).  A loaded step keeps its view's tab."""
        if index >= 0 and not self._restoring_step:
            self.side_tabs.setCurrentWidget(self.inspector)

    def _show_step(self, index: int):
        trace = self.state.trace
        self.graph.show_step(trace, index)
        self.stepper.set_step(index)
        self.inspector.show_step(trace[index] if 0 <= index < len(trace) else None)

    def show_row_by_row(self):
        """Open the row-by-row panel for the current analysis."""
        from desktop.results.row_by_row import RowByRowPanel
        if self.state.analysis is None:
            self._set_status(self.tr("Run a program that differentiates something first."))
            return None
        if self.state.partial:
            self._set_status(self.tr("Row by row needs the symbolic Jacobian, which this analysis does not have "
                                     "yet."))
            return None
        if getattr(self, "row_panel", None) is None:
            self.row_panel = RowByRowPanel(self)
        self.row_panel.start(self.state.analysis, self.state.program)
        self.row_panel.show()
        return self.row_panel

    def _render_latex(self, tex: str):
        """A formula as math; a description wrapped in \\text{...} as plain, wrapping text."""
        import re
        prose = re.fullmatch(r"\\text\{(.*)\}", tex.strip(), re.S)
        if prose and "\\" not in prose.group(1) and "$" not in prose.group(1):
            label = QLabel(prose.group(1))
            label.setWordWrap(True)
            return label
        from desktop.results.math_view import MathLabel
        return MathLabel(tex)

    def _entry_activated(self, leaf: str, row: int, col: int):
        job = Job("paths", leaf=leaf, i=row, k=col)
        self._paths_job = self.host.submit(job).id
        self.side_tabs.setCurrentWidget(self.paths_view)

    def _paths_ready(self, job_id: int, result):
        if job_id != self._paths_job:
            return
        if result is None:   # the service no longer holds (or does not yet hold) this analysis
            self._paths_result = None
            self.paths_view.setPlainText(self.tr("The paths of this entry cannot be listed: the analysis they "
                                                 "belong to is not the service's current one. Click the entry "
                                                 "again when the analysis has finished."))
            return
        from desktop.results.paths_text import paths_html
        self._paths_result = result
        output = (self.state.analysis or {}).get("output") or "out"
        self.paths_view.setHtml(paths_html(result, output))
        self.graph.highlight_path(None)

    def _path_clicked(self, url) -> None:
        """A path of the Paths tab was clicked: mark it on the graph."""
        from desktop.results.paths_text import path_index
        n = path_index(url.toString())
        paths = (self._paths_result or {}).get("paths") or []
        if n is not None and n < len(paths):
            self.graph.highlight_path(paths[n]["steps"])

    # -- workspaces: files, unsaved changes, autosave and recovery -------------------------
    def _init_workspace(self, name: str):
        self._workspace_path: str | None = None      # the .bplens file this work is saved in
        self._document_name = name or self.tr("Untitled")
        self._pending_step: int | None = None        # a loaded step, shown once its analysis arrives
        self._loading_workspace = False
        self._session_ended = False
        self._close_confirmed = False
        self._user_close = False
        self.close_prompt: QMessageBox | None = None  # the open "Save changes?" on close, if any
        self.message_box: QMessageBox | None = None   # the last message shown (non-blocking)
        self.autosave_delay_ms = AUTOSAVE_DELAY_MS
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.timeout.connect(self.autosave)
        self._autosave_due_since: float | None = None
        self.recovery = RecoverySession(recovery_directory())
        self._saved_snapshot = self._snapshot()
        # the step is saved with the work but is no change to it: stepping through the backward
        # pass (or playing it) is looking, not editing
        for signal in (self.editor.textChanged, self.state.outputChanged, self.state.vChanged):
            signal.connect(self._workspace_changed)
        self.state.resultsChanged.connect(self._results_arrived)
        self._build_recovery_bar()
        self._update_title()

    def replace_program(self, text: str, name: str, path: str | None = None) -> bool:
        """Put ``text`` (shown as ``name``; read from the file ``path``, if any) in the
        editor in place of the current work, with the program's own output and v,
        and run it.  First asks "Save changes to ...?" when there are unsaved
        changes; returns False (and changes nothing) when the user cancels."""
        if not self.maybe_save_changes():
            return False
        self._load_workspace(Workspace(program=text), name, workspace_path=None, program_path=path)
        return True

    def new_workspace(self) -> bool:
        return self.replace_program(NEW_PROGRAM, self.tr("Untitled"))

    def current_workspace(self) -> Workspace:
        """The work in the window, as it would be saved."""
        view = {"side_tab": max(0, self.side_tabs.currentIndex())}
        if self.isVisible():   # a window never shown has no real sizes yet
            view["splitters"] = [s.sizes() for s in self.splitters]
        return Workspace(self.editor.program(), self.state.output, self.state.v, self._shown_step(), view)

    def workspace_path(self) -> str | None:
        return self._workspace_path

    def document_name(self) -> str:
        """The work's name as the title shows it: its file's, a lesson's, or "Untitled"."""
        return self._document_name

    def document_folder(self) -> str:
        """The folder of the work's file (its workspace, else its program), or "" for none."""
        path = self._workspace_path or self.state.path
        return os.path.dirname(path) if path else ""

    def is_modified(self) -> bool:
        """True when the program, output or v differ from what was opened or saved (the step
        and the layout are saved too, but moving them is no change to the work)."""
        return self._saved_snapshot is None or self._snapshot() != self._saved_snapshot

    def _snapshot(self) -> tuple:
        return self.editor.program(), self.state.output, self.state.v

    def _shown_step(self) -> int:
        return self._pending_step if self._pending_step is not None else self.state.step

    def _load_workspace(self, workspace: Workspace, name: str, workspace_path: str | None,
                        program_path: str | None, modified: bool = False):
        self._loading_workspace = True
        try:
            self.editor.set_program(workspace.program)
            self.state.set_program(workspace.program)
            self.state.set_call(None)              # another program: its first call
            self.state.set_output(workspace.output)
            self.state.set_v(workspace.v)          # after the output: a new output clears v
            self._pending_step = workspace.step
            self._apply_view(workspace.view)
        finally:
            self._loading_workspace = False
        self._workspace_path = workspace_path
        self.state.path = program_path
        self._document_name = name
        self._select_lesson(None)          # open_lesson selects its lesson after this
        self._saved_snapshot = None if modified else self._snapshot()
        self._update_title()
        self._workspace_changed()
        self.run_analysis()

    def _apply_view(self, view: dict):
        view = check_view(view)   # sizes Qt can take (a 2**31 would raise in setSizes), or none
        sizes = view.get("splitters")
        if sizes:
            self._set_splitter_sizes(sizes)
            self._remembered_splitters = None     # the work's own dividers, not the last session's
        tab = view.get("side_tab")
        if isinstance(tab, int) and 0 <= tab < self.side_tabs.count():
            self.side_tabs.setCurrentIndex(tab)

    def _results_arrived(self):
        if self._pending_step is not None:
            # after set_results has finished announcing step -1
            QTimer.singleShot(0, self, self._apply_pending_step)

    def _apply_pending_step(self):
        step, self._pending_step = self._pending_step, None
        if step is not None:
            self._restoring_step = True
            try:
                self.state.set_step(step)
            finally:
                self._restoring_step = False
        self._workspace_changed()

    def _workspace_changed(self, *_args):
        if self._loading_workspace or self._session_ended:
            return
        modified = self.is_modified()
        self.setWindowModified(modified)
        if modified:
            self._schedule_autosave()
        else:
            self._autosave_timer.stop()
            self._autosave_due_since = None
            self.recovery.remove()

    def _update_title(self):
        self.setWindowTitle(self.tr("{0}[*] — Backprop Lens").format(self._document_name))
        self.setWindowModified(self.is_modified())

    # asking before unsaved work goes ------------------------------------------------------
    def maybe_save_changes(self) -> bool:
        """With unsaved changes, ask Save / Discard / Cancel (and save if asked);
        True when the work may be replaced."""
        if not self.is_modified():
            return True
        answer = self.ask_save_changes()
        if answer == QMessageBox.StandardButton.Save:
            return self.save_workspace()
        return answer == QMessageBox.StandardButton.Discard

    def ask_save_changes(self) -> QMessageBox.StandardButton:
        """Ask "Save changes to ...?" and wait for the answer (a modal dialog)."""
        box = self._save_changes_box()
        try:
            box.exec()
            return _answer(box)
        finally:
            box.deleteLater()

    def _save_changes_box(self) -> QMessageBox:
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Backprop Lens"),
                          self.tr("Save changes to {0}?").format(self._document_name), buttons, self)
        box.setObjectName("save-changes")
        box.setInformativeText(self.tr("Your changes will be lost if you don't save them."))
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        return box

    def _close_answered(self, box: QMessageBox):
        self.close_prompt = None
        answer = _answer(box)
        box.deleteLater()
        if answer == QMessageBox.StandardButton.Save and not self.save_workspace():
            return
        if answer in (QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Discard):
            self._close_confirmed = True
            self.close()

    def _end_session(self):
        self._session_ended = True      # no autosave after a clean close
        self._autosave_timer.stop()
        self.recovery.close()
        for recovered in self._recoverable:
            recovered.release()
        self._recoverable = []

    # opening and saving -------------------------------------------------------------------
    def open_file(self):
        """Ask for a workspace or a program and open it."""
        start = os.path.dirname(self._workspace_path or self.state.path or "")
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open"), start,
            self.tr("Workspaces and programs (*{0} *.py);;Workspaces (*{0});;Python programs (*.py);;"
                    "All files (*)").format(SUFFIX))
        if path:
            self.open_path(path)

    def open_path(self, path: str | os.PathLike) -> bool:
        """Open a workspace file (output, v and step too) or a program file in
        place of the current work.  A file that cannot be opened is reported in
        a message and changes nothing (neither the file nor the work)."""
        path = os.path.abspath(path)
        try:
            document = load_document(path)
        except WorkspaceError as e:
            self._show_message(self.tr("Open"), e.message)
            return False
        name = Path(path).name
        if isinstance(document, Workspace):
            if not self.maybe_save_changes():
                return False
            self._load_workspace(document, name, workspace_path=path, program_path=None)
        elif not self.replace_program(document, name, path):
            return False
        add_recent_file(path)
        self._set_status(self.tr("Opened {0}").format(path))
        if isinstance(document, Workspace):
            self._tell_dropped(self.tr("Open"), name, document)
        return True

    def _tell_dropped(self, title: str, name: str, workspace: Workspace):
        """Say which of a workspace file's fields were wrong and left out (its program never is)."""
        if workspace.dropped:
            self._show_message(title, self.tr("Part of {0} was not valid and was left out: {1}. The rest, "
                                              "the program above all, is as it was.")
                               .format(name, "; ".join(workspace.dropped)))

    def open_recent(self, path: str) -> bool:
        if not os.path.exists(path):   # a folder or a pipe there now: open_path says what it is
            remove_recent_file(path)
            self._show_message(self.tr("Open Recent"), self.tr(
                "{0} is no longer there, so it was removed from the recent files.").format(path))
            return False
        return self.open_path(path)

    def _fill_recent_menu(self):
        menu = self.recent_menu
        menu.clear()
        paths = recent_files()
        for i, path in enumerate(paths, 1):
            action = menu.addAction(f"&{i} {Path(path).name}")
            action.setToolTip(path)
            action.setData(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_recent(p))
        if not paths:
            menu.addAction(self.tr("(no recent files)")).setEnabled(False)
            return
        menu.addSeparator()
        menu.addAction(self.tr("&Clear the list")).triggered.connect(clear_recent_files)

    def save_workspace(self) -> bool:
        """Save to the workspace file (asking for one the first time); False if not saved."""
        if self._workspace_path is None:
            return self.save_workspace_as()
        return self.save_workspace_to(self._workspace_path)

    def save_workspace_as(self) -> bool:
        if self._workspace_path:
            suggestion = self._workspace_path
        elif self.state.path:
            suggestion = str(Path(self.state.path).with_suffix(SUFFIX))
        else:
            suggestion = Path(self._document_name).stem + SUFFIX
        dialog = self.save_as_dialog(suggestion)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return False
        path = with_workspace_suffix(dialog.selectedFiles()[0])
        if os.path.exists(path) and not self._confirm_overwrite(path):
            return False
        return self.save_workspace_to(path)

    def save_as_dialog(self, suggestion: str) -> QFileDialog:
        """The Save As dialog, not yet shown.  Its default suffix adds ``.bplens`` to a name typed
        without one; a name with another suffix ("lesson.v2", "x.py") gets it in
        :meth:`save_workspace_as`, as does one from a platform's own dialog that ignores the
        default suffix.  So the dialog does not ask about overwriting (it would ask about "x.py");
        save_workspace_as asks about the file it will really write."""
        dialog = QFileDialog(self, self.tr("Save workspace"), suggestion, self.tr("Workspaces (*{0})").format(SUFFIX))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(SUFFIX[1:])
        dialog.setOption(QFileDialog.Option.DontConfirmOverwrite, True)
        return dialog

    def _confirm_overwrite(self, path: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Save workspace"),
                          self.tr("{0} already exists. Replace it?").format(Path(path).name),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("confirm-overwrite")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        try:
            return box.exec() == QMessageBox.StandardButton.Yes
        finally:
            box.deleteLater()

    def save_workspace_to(self, path: str | os.PathLike) -> bool:
        """Write the work to ``path`` (atomically); on failure say why and return False."""
        path = os.path.abspath(path)
        try:
            save_workspace(path, self.current_workspace())
        except WorkspaceError as e:
            self._show_message(self.tr("Save"), e.message)
            return False
        self._workspace_path = path
        self._document_name = Path(path).name
        self._saved_snapshot = self._snapshot()
        add_recent_file(path)
        self._update_title()
        self._workspace_changed()      # not modified: the recovery file goes
        self._set_status(self.tr("Saved {0}").format(path))
        return True

    def _show_message(self, title: str, text: str) -> QMessageBox:
        """A warning that does not block (``open()``); kept in ``message_box``."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.message_box = box
        return box

    # autosave and recovery ----------------------------------------------------------------
    def _schedule_autosave(self):
        # Each change pushes the autosave back, but never further than
        # AUTOSAVE_MAX_DELAY_MS after the first unsaved change.
        now = time.monotonic()
        if self._autosave_due_since is None:
            self._autosave_due_since = now
        waited_ms = (now - self._autosave_due_since) * 1000
        self._autosave_timer.start(int(max(0, min(self.autosave_delay_ms, AUTOSAVE_MAX_DELAY_MS - waited_ms))))

    def autosave(self) -> bool:
        """Write the unsaved work to this session's recovery file; True if written."""
        self._autosave_due_since = None
        if self._session_ended:
            return False
        if not self.is_modified():
            self.recovery.remove()
            return False
        try:
            self.recovery.save(self.current_workspace(), self._document_name, self._workspace_path,
                               self.state.path)
        except WorkspaceError as e:
            self._set_status(self.tr("Autosave failed: {0}").format(e.message))
            return False
        return True

    def _build_recovery_bar(self):
        self._recoverable = find_recoverable(self.recovery.directory)
        self.recovery_bar = RecoveryBar(self)
        self.recovery_bar.restoreRequested.connect(self.restore_recovered)
        self.recovery_bar.discardRequested.connect(self.discard_recovered)
        self.recovery_bar.laterRequested.connect(self.postpone_recovery)
        bar = QToolBar(self.tr("Recovered work"), self)
        bar.setObjectName("recovery-toolbar")
        bar.setMovable(False)
        bar.setFloatable(False)
        bar.toggleViewAction().setVisible(False)
        bar.addWidget(self.recovery_bar)
        self.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.recovery_toolbar = bar
        self._offer_next_recovery()

    def recovery_offered(self) -> bool:
        """True while the window offers to restore work left by a session that did not close."""
        return bool(self._recoverable)

    def _offer_next_recovery(self):
        if self._recoverable:
            self.recovery_bar.offer(self._recoverable[0], len(self._recoverable) - 1)
        self.recovery_toolbar.setVisible(bool(self._recoverable))

    def restore_recovered(self) -> bool:
        """Load the work offered (program, output, v, step) as unsaved work; the
        old recovery file goes only once this session's own copy is written."""
        if not self._recoverable or self._recoverable[0].workspace is None:
            return False          # a file that cannot be read can only be discarded or kept
        if not self.maybe_save_changes():
            return False
        recovered = self._recoverable.pop(0)
        self._load_workspace(recovered.workspace, recovered.name, recovered.workspace_path,
                             recovered.program_path, modified=True)
        if self.autosave():
            recovered.discard()
        else:
            recovered.release()   # kept on disk, offered again next time
        self._offer_next_recovery()
        self._tell_dropped(self.tr("Restore"), recovered.name, recovered.workspace)
        return True

    def discard_recovered(self):
        if self._recoverable:
            self._recoverable.pop(0).discard()
        self._offer_next_recovery()

    def postpone_recovery(self):
        """Keep the recovery files for the next start and hide the offer."""
        for recovered in self._recoverable:
            recovered.release()
        self._recoverable = []
        self._offer_next_recovery()

    # -- files -----------------------------------------------------------------------------
    def save_program(self):
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save program"), self.state.path or "program.py",
                                              self.tr("Python programs (*.py)"))
        if not path:
            return
        self.save_program_to(path)

    def save_program_to(self, path: str) -> bool:
        """Write only the program to ``path``, atomically; a failure is a message that does not
        block, and the file that was there stays as it was."""
        from desktop.workspace import write_atomically
        try:
            write_atomically(path, self.editor.program().encode("utf-8"))
        except WorkspaceError as e:   # the message names the file and the reason
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Save program"), e.message,
                              QMessageBox.StandardButton.Ok, self)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()
            return False
        self.state.path = path
        return True

    def show_shortcuts(self):
        """Open the table of keyboard shortcuts (not modal) and return it."""
        from desktop.shortcuts import ShortcutsDialog
        dialog = ShortcutsDialog(self)
        dialog.show()
        return dialog

    def show_settings(self, page: str | None = None, highlight: str | None = None):
        """Open the Settings dialog (modal; ``open()``, so nothing waits here) at ``page``
        ("appearance", "limits"; default: where it was last) and return it.  Appearance applies
        at once (Cancel undoes it); on OK changed limits are kept and the program runs again."""
        from desktop.settings_dialog import APPEARANCE, SettingsDialog
        dialog = self.settings_dialog
        if dialog is not None:      # already open: brought forward at the page asked for
            dialog.show_page(page or dialog.current_page(), highlight)
            dialog.raise_()
            dialog.activateWindow()
            return dialog
        dialog = SettingsDialog(self, page or self._settings_page or APPEARANCE, highlight)
        dialog.accepted.connect(lambda: self._limits_chosen(dialog.limits_changed()))
        dialog.finished.connect(lambda _result: self._settings_closed(dialog))
        dialog.open()
        self.settings_dialog = dialog
        return dialog

    def _settings_closed(self, dialog):
        self._settings_page = dialog.current_page()
        if self.settings_dialog is dialog:
            self.settings_dialog = None

    def show_limits(self, highlight: str | None = None):
        """Open Settings at its Limits page, with the focus on limit ``highlight`` (the one that
        stopped a run) if given, and return the dialog."""
        return self.show_settings("limits", highlight)

    def _limits_chosen(self, limits: dict):
        if limits != app_settings.load_limits():
            app_settings.store_limits(limits)
            self.run_analysis()

    def _offer_limits(self, error: dict | None):
        """A run stopped by a limit: a button in the status bar opens Settings ▸ Limits at that limit."""
        from desktop.limits_editor import limit_named_in
        stopped = bool(error) and error.get("kind") == "limit"
        if stopped and self.limits_button is None:
            self.limits_button = QPushButton(self.tr("Change limits..."), self)
            self.limits_button.setToolTip(self.tr("Settings ▸ Limits: raise the limit that stopped the run"))
            self.limits_button.clicked.connect(lambda: self.show_limits(self._stopped_by))
            self.statusBar().addPermanentWidget(self.limits_button)
        if self.limits_button is not None:
            self.limits_button.setVisible(stopped)
        self._stopped_by = limit_named_in(error.get("message")) if stopped else None

    def show_about(self) -> QMessageBox:
        """Open the About dialog without blocking (``open()``, not ``exec()``) and return it."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("About Backprop Lens"), _about_text(),
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def _set_status(self, text: str):
        self.statusBar().showMessage(text)

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            # desktop.i18n has retranslated the fixed texts; what is built from the
            # results (the side-by-side panel, the graph, the step) is drawn again.
            self.restyle_views()

    def request_close(self) -> bool:
        """Close as the user asked to (Quit): with unsaved changes, ask first."""
        self._user_close = True
        try:
            return self.close()
        finally:
            self._user_close = False

    def closeEvent(self, event):
        # The user's own closes ask first: the window manager's close button
        # (a spontaneous event) and Quit.  A close() from code is the caller's
        # decision (it asks with maybe_save_changes() first when it should).
        asked_by_user = event.spontaneous() or self._user_close
        if asked_by_user and not self._close_confirmed and self.is_modified():
            # A window-modal question, answered later: nothing waits in here.
            event.ignore()
            if self.close_prompt is None:
                self.close_prompt = box = self._save_changes_box()
                box.setWindowModality(Qt.WindowModality.WindowModal)
                box.finished.connect(lambda _result: self._close_answered(box))
                box.open()
            return
        self._end_session()
        self.presenter.set_active(False)   # gives back the application's font and palette
        if asked_by_user:                  # a close from code (a test, a script) keeps nothing
            self._remember_window_layout()
        self.host.shutdown()
        super().closeEvent(event)


def _is_lesson(name: str | None, text: str | None) -> bool:
    """Whether ``text`` is lesson ``name`` (a program that only shares a lesson's file name is not)."""
    if not name or name not in resources.lesson_names():
        return False
    return text is None or text == resources.read_lesson(name)


def _parse_rect(text: str) -> QRect | None:
    """"x,y,width,height" as kept by _remember_window_layout, or None (unset, damaged, absurd)."""
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


def _answer(box: QMessageBox) -> QMessageBox.StandardButton:
    """The standard button that closed ``box`` (Cancel when it was closed another way)."""
    clicked = box.clickedButton()
    return box.standardButton(clicked) if clicked is not None else QMessageBox.StandardButton.Cancel


def _about_text() -> str:
    try:
        app_version = version("backprop-lens")
    except PackageNotFoundError:
        app_version = QCoreApplication.translate("MainWindow", "(not installed)")
    summary = QCoreApplication.translate("MainWindow", "See what PyTorch's backward() computes: the Jacobian of "
                                         "the output, vᵀJ, the backward result and the chain rule, node by node.")
    return f"Backprop Lens {app_version}\n\n{summary}\n\nQt {qVersion()}"

