"""The main window: editor and console on the left; output and v, the
side-by-side results, and the backward graph with its step-through on the right.

The window only wires: the panels display, :class:`~desktop.state.AppState`
holds the state of the analysis and :class:`~desktop.document.Document` the
work's file, modified state, autosave and recovery.  The window's parts live
in their own modules: the actions and menus (:mod:`desktop.menus`), the File
commands (:mod:`desktop.file_actions`), running the analysis
(:mod:`desktop.analysis_runner`), showing its results
(:mod:`desktop.results_display`), the geometry (:mod:`desktop.window_layout`)
and the other dialogs (:mod:`desktop.dialogs`).  Nothing here computes.
"""
from __future__ import annotations

import os

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QMainWindow, QSplitter, QTabWidget, QTextBrowser,
                               QVBoxLayout, QWidget)

import resources
from desktop import menus
from desktop.analysis_runner import AnalysisRunner
from desktop.appearance import settings as app_settings
from desktop.appearance.presenter import PresenterMode
from desktop.appearance.text_size import apply_scale, stored_scale, valid_scale
from desktop.appearance.theme import ThemeManager
from desktop.console import ConsoleView
from desktop.dialogs import Dialogs
from desktop.document import Document
from desktop.editor.code_editor import CodeEditor
from desktop.file_actions import FileActions
from desktop.graph.graph_view import GraphView
from desktop.i18n.composed import translate_text
from desktop.i18n.texts import Texts, retranslate_qt_buttons
from desktop.lessons.browser import LessonsDock
from desktop.results.call_picker import CallPicker
from desktop.results.side_by_side import SideBySidePanel
from desktop.results.v_editor import VEditor
from desktop.results_display import ResultsDisplay
from desktop.state import AppState
from desktop.stepper.inspector import NodeInspector
from desktop.stepper.stepper import StepperBar
from desktop.window_layout import WINDOW_SIZE, WindowLayout
from desktop.worker import Job, WorkerHost


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
        self._paths_job = None
        self._user_close = False
        self.texts = Texts(self)    # the window's texts and its parts' (menus, File, Export): set again on a switch
        self._status = None         # (the call making the status bar's message, its timeout, the text shown)
        self.texts.bind(self.setWindowTitle, lambda: self.tr("Backprop Lens"))
        self.window_layout = WindowLayout(self)
        self.resize(WINDOW_SIZE)

        self._build_panels()
        self.document = Document(self.state, self.editor.program, self.window_layout.view, parent=self)
        self.files = FileActions(self, self.document)
        self.dialogs = Dialogs(self)
        self.runner = AnalysisRunner(self)
        self.display = ResultsDisplay(self)
        menus.build_toolbar(self)
        menus.build_menus(self)
        self._connect()
        self._build_lessons_and_appearance()
        menus.build_settings_menu(self)
        self.window_layout.restore()

        self.editor.set_program(program_text)
        self.state.set_program(program_text)
        # the step is saved with the work but is no change to it (the Document's outputChanged and
        # vChanged are its other changes)
        self.editor.textChanged.connect(self.document.changed)
        self.document.loaded(program_name or self.tr("Untitled"), None, None, untitled=program_name is None)
        self.files.build_recovery_bar()
        self._select_lesson(program_name if _is_lesson(program_name, program_text) else None)
        self.show_status(lambda: self.tr("Ready"))
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
        self.texts.bind(self.output_picker.setToolTip, lambda: self.tr("The tensor whose Jacobian is shown"))
        self.v_editor = VEditor(self)
        self.io_box = io_box = QWidget(self)
        io = QVBoxLayout(io_box)
        io.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        output_label = QLabel(self)
        self.texts.bind(output_label.setText, lambda: self.tr("Output:"))
        row.addWidget(output_label)
        row.addWidget(self.output_picker, 1)
        io.addLayout(row)
        self.call_picker = CallPicker(self)     # shown when the program differentiates more than once
        io.addWidget(self.call_picker)
        io.addWidget(self.v_editor)
        # the console shows the program's own run; said when the results use another v (ResultsDisplay)
        self.v_note = QLabel(self)
        self.v_note.setObjectName("v-note")
        self.v_note.setWordWrap(True)
        self.v_note.setTextFormat(Qt.TextFormat.PlainText)
        self.v_note.hide()
        io.addWidget(self.v_note)

        self.results = SideBySidePanel(self)    # scrolls inside, below its verdict
        self.paths_view = QTextBrowser(self)
        self.texts.bind(self.paths_view.setPlaceholderText,
                        lambda: self.tr("Click an entry of J to see its chain-rule paths: every "
                                        "route from that output element to that leaf element, with "
                                        "the product of the local derivatives along it."))
        self.paths_view.setOpenLinks(False)     # a path:N link marks that path on the graph
        self.paths_view.anchorClicked.connect(self._path_clicked)
        self._paths_result, self._paths_unlisted = None, False

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
        self.side_tabs.addTab(self.inspector, "")
        self.side_tabs.addTab(self.paths_view, "")
        self.texts.bind(lambda text: self.side_tabs.setTabText(0, text), lambda: self.tr("Step"), key="tab-step")
        self.texts.bind(lambda text: self.side_tabs.setTabText(1, text), lambda: self.tr("Paths"), key="tab-paths")
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

    def _connect(self):
        s, runner, display = self.state, self.runner, self.display
        self.editor.runRequested.connect(self.run_analysis)
        self.editor.editedQuietly.connect(self.run_analysis)
        self.console.lineActivated.connect(self.editor.go_to_line)
        self.output_picker.activated.connect(lambda i: runner.output_picked(self.output_picker.itemData(i)))
        self.call_picker.chosen.connect(runner.call_picked)
        self.v_editor.vChanged.connect(runner.v_edited)
        self.results.entryActivated.connect(self._entry_activated)
        self.results.contentResized.connect(self.window_layout.results_resized)
        self.stepper.stepChanged.connect(s.set_step)
        self.stepper.stepChanged.connect(self._stepped)
        s.stepChanged.connect(display.show_step)
        s.resultsChanged.connect(display.show_results)
        s.partialResultsChanged.connect(display.show_results)
        s.symbolicStopped.connect(display.show_symbolic_stopped)
        s.busyChanged.connect(display.show_busy)
        s.progressChanged.connect(display.show_progress)
        runner.status.connect(self.show_status)
        self.host.worker.pathsReady.connect(self._paths_ready)
        self.results.serve_entries(self.host)   # J's entries "not computed": computed when clicked
        self.graph.serve_folds(self.host)       # a fold node double-clicked: core lays the graph out with it open
        self.graph.message.connect(lambda text: self.show_status(text, 10000))
        self.document.nameChanged.connect(self._name_changed)
        self.document.modifiedChanged.connect(self.setWindowModified)
        self.document.autosaveFailed.connect(
            lambda message: self.show_status(lambda: self.tr("Autosave failed: {0}").format(message)))

    def _name_changed(self, name: str):
        """The work's name in the title; an untitled work's name is said in the UI's language."""
        untitled = self.document.untitled
        self.texts.bind(self.setWindowTitle, lambda: self.tr("{0}[*] — Backprop Lens").format(
            self.tr("Untitled") if untitled else name))

    def show_status(self, message, timeout: int = 0):
        """Say ``message`` in the status bar: a call that makes it in the UI's language (``lambda:
        self.tr(...).format(...)``), or a text of core's (a :class:`core.translatable.Text`, shown by
        lookup).  It is kept, and said again in the new language after a switch while it is shown."""
        make = message if callable(message) else (lambda: translate_text(message))
        shown = make()
        self._status = (make, timeout, shown)
        self.statusBar().showMessage(shown, timeout)

    def _retranslate_status(self):
        if self._status is None:
            return
        make, timeout, shown = self._status
        if self.statusBar().currentMessage() == shown:      # still ours, not expired nor replaced
            self.show_status(make, timeout)
        else:
            self._status = None

    # -- lessons, presenter mode, themes ---------------------------------------------------
    def _build_lessons_and_appearance(self):
        self.lessons_dock = LessonsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.lessons_dock)
        self.resizeDocks([self.lessons_dock], [320], Qt.Orientation.Horizontal)
        self.lessons_dock.browser.openRequested.connect(self.open_lesson)
        self.lessons_dock.setVisible(bool(app_settings.load(app_settings.LESSONS_VISIBLE)))
        menus.build_lessons_menu(self)
        self.presenter = PresenterMode(self)
        menus.build_appearance_menus(self)
        self.check_presenter_size()
        self.theme = ThemeManager.instance()
        self.theme.changed.connect(self._theme_changed)
        self.theme.reload()
        self._base_points = (self.editor.font().pointSizeF(), self.console.browser().font().pointSizeF())
        self._text_scale = 1.0
        self.text_scale_changed(apply_scale(stored_scale()))

    def open_lesson(self, name: str) -> bool:
        """Put lesson ``name``'s program in the editor and run it (after asking
        about unsaved changes); False when the user cancels."""
        if not self.files.replace_program(resources.read_lesson(name), name):
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

    def lessons_toggled(self, visible: bool):
        if self.isVisible() and not self.presenter.is_active():   # presenter mode hides it for a while
            app_settings.store(app_settings.LESSONS_VISIBLE, bool(visible))

    def check_presenter_size(self):
        current = self.presenter.font_scale()
        for scale, action in self.presenter_size_actions.items():
            action.setChecked(abs(scale - current) < 1e-6)

    def is_presenter_mode(self) -> bool:
        return self.presenter.is_active()

    def set_presenter_mode(self, on: bool):
        """Presenter mode on or off (F5; Esc also leaves)."""
        self.presenter.set_active(on)

    def presenter_layout(self, on: bool):
        """Presenter mode's arrangement of the panes (PresenterMode calls it as it enters and leaves)."""
        self.window_layout.presenter_layout(on)

    def keep_editor_readable(self):
        self.window_layout.keep_editor_readable()

    def set_theme(self, choice: str):
        """"system", "light" or "dark" (kept for the next session)."""
        self.theme.set_choice(choice)

    def _theme_changed(self, _shown: str):
        action = self.theme_actions.get(self.theme.choice())
        if action is not None:
            action.setChecked(True)

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
        self.window_layout.keep_editor_readable()
        self.restyle_views()

    def restyle_views(self):
        """Draw the graph, the results and the step again (after the sizes changed)."""
        self.display.restyle()

    # -- running and stepping ----------------------------------------------------------------
    def run_analysis(self):
        """Run the program in the editor and analyse it (off the GUI thread)."""
        self.runner.run()

    def cancel_analysis(self):
        """Stop the analysis under way (its answer, whatever it is, is not shown)."""
        self.runner.cancel()

    def _stepped(self, index: int):
        """The user stepped (buttons, keys, a clicker, playing): the Step tab comes forward, as the
        step is what they look at now (the Paths tab hid it).  A loaded step keeps its view's tab."""
        if index >= 0 and not self.document.restoring_step:
            self.side_tabs.setCurrentWidget(self.inspector)

    def show_row_by_row(self):
        """Open the row-by-row panel for the current analysis."""
        from desktop.results.row_by_row import RowByRowPanel
        if self.state.analysis is None:
            self.show_status(lambda: self.tr("Run a program that differentiates something first."))
            return None
        if self.state.partial:
            self.show_status(lambda: self.tr("Row by row needs the symbolic Jacobian, which this analysis "
                                             "does not have yet."))
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

    def show_paths_of(self, leaf: str, row: int, col: int):
        """List the chain-rule paths of J's entry ``row``, ``col`` (0-based) of ``leaf`` in the Paths tab,
        as clicking that entry does (the service answers; _paths_ready shows them)."""
        self._entry_activated(leaf, row, col)

    def _entry_activated(self, leaf: str, row: int, col: int):
        job = Job("paths", leaf=leaf, i=row, k=col)
        self._paths_job = self.host.submit(job).id
        self._paths_result, self._paths_unlisted = None, False
        self.side_tabs.setCurrentWidget(self.paths_view)

    def _paths_ready(self, job_id: int, result):
        if job_id != self._paths_job:
            return
        self._paths_result = result      # None: the service no longer holds (or does not yet hold) this analysis
        self._paths_output = (self.state.analysis or {}).get("output") or "out"
        self._paths_unlisted = result is None
        self._retranslate_paths()
        if result is not None:
            self.graph.highlight_path(None)

    def _retranslate_paths(self):
        """The Paths tab's answer, in the UI's language."""
        if getattr(self, "_paths_unlisted", False):
            self.paths_view.setPlainText(self.tr("The paths of this entry cannot be listed: the analysis they "
                                                 "belong to is not the service's current one. Click the entry "
                                                 "again when the analysis has finished."))
        elif self._paths_result is not None:
            from desktop.results.paths_text import paths_html
            self.paths_view.setHtml(paths_html(self._paths_result, self._paths_output))

    def _path_clicked(self, url) -> None:
        """A path of the Paths tab was clicked: mark it on the graph."""
        from desktop.results.paths_text import path_index
        n = path_index(url.toString())
        if n is not None:
            self.show_path(n)

    def listed_paths(self) -> list | None:
        """The paths the Paths tab lists (core's records), or None when the service has listed none."""
        return None if self._paths_result is None else self._paths_result.get("paths") or []

    def show_path(self, n: int) -> bool:
        """Mark path ``n`` (0 is the first) of the entry the Paths tab lists on the graph; False when
        there is no such path (yet)."""
        paths = self.listed_paths() or []
        if not 0 <= n < len(paths):
            return False
        self.graph.highlight_path(paths[n]["steps"])
        return True

    # -- the work ------------------------------------------------------------------------
    def load_workspace(self, workspace, name: str | None, workspace_path: str | None, program_path: str | None,
                       modified: bool = False):
        """Put ``workspace`` (program, output, v, step, layout) in place of the work, shown as
        ``name``, and run it; ``modified``: it is unsaved work (restored)."""
        with self.document.loading(workspace.step):
            self.editor.set_program(workspace.program)
            self.state.set_program(workspace.program)
            self.state.set_call(None)              # another program: its first call
            self.state.set_output(workspace.output)
            self.state.set_v(workspace.v)          # after the output: a new output clears v
            self.window_layout.apply_view(workspace.view)
        self._select_lesson(None)          # open_lesson selects its lesson after this
        self.document.loaded(name or self.tr("Untitled"), workspace_path, program_path, modified, untitled=name is None)
        self.run_analysis()

    def open_path(self, path: str | os.PathLike) -> bool:
        """Open a workspace or a program file in place of the work (File ▸ Open without the dialog)."""
        return self.files.open_path(path)

    # -- events ----------------------------------------------------------------------------
    def showEvent(self, event):
        self.window_layout.first_show()
        super().showEvent(event)

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            # the texts bound in self.texts follow (it is a child: it gets the event too);
            # what is built from the results (the side-by-side panel, the graph, the step) is drawn again.
            self._retranslate_status()
            self._retranslate_paths()
            retranslate_qt_buttons(self)
            self.display.retranslate()

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
        # decision (it asks with files.maybe_save_changes() first when it should).
        asked_by_user = event.spontaneous() or self._user_close
        if asked_by_user and not self.files.may_close():
            event.ignore()      # a window-modal question, answered later
            return
        self.document.end_session()
        self.presenter.set_active(False)   # gives back the application's font and palette
        if asked_by_user:                  # a close from code (a test, a script) keeps nothing
            self.window_layout.remember()
        self.host.shutdown()
        super().closeEvent(event)


def _is_lesson(name: str | None, text: str | None) -> bool:
    """Whether ``text`` is lesson ``name`` (a program that only shares a lesson's file name is not)."""
    if not name or name not in resources.lesson_names():
        return False
    return text is None or text == resources.read_lesson(name)
