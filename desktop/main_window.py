"""The main window: editor and console on the left; output and v, the
side-by-side results, and the backward graph with its step-through on the right.

The window only wires: the panels display, :class:`~desktop.state.AppState`
holds the state, and :class:`~desktop.worker.WorkerHost` runs core off the
GUI thread.  Nothing here computes.
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QLabel, QMainWindow, QMessageBox,
                               QProgressBar, QPushButton, QScrollArea, QSplitter, QTabWidget, QTextBrowser,
                               QToolBar, QVBoxLayout, QWidget)

import resources
from desktop.console import ConsoleView
from desktop.editor.code_editor import CodeEditor
from desktop.graph.graph_view import GraphView
from desktop.results.side_by_side import SideBySidePanel
from desktop.results.v_editor import VEditor
from desktop.state import AppState
from desktop.stepper.inspector import NodeInspector
from desktop.stepper.stepper import StepperBar
from desktop.worker import Job, WorkerHost

PROGRAM_CHOICE = None  # the output picker's "the program's choice" entry


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
        self._program_name = program_name or ""
        self._job_id = None
        self._paths_job = None
        self.setWindowTitle(self.tr("Backprop Lens"))
        self.resize(1280, 800)

        self._build_panels()
        self._build_toolbar()
        self._build_menus()
        self._connect()

        self.editor.set_program(program_text)
        self.state.set_program(program_text)
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
        io_box = QWidget(self)
        io = QVBoxLayout(io_box)
        io.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Output:"), self))
        row.addWidget(self.output_picker, 1)
        io.addLayout(row)
        io.addWidget(self.v_editor)

        self.results = SideBySidePanel(self)
        results_scroll = QScrollArea(self)
        results_scroll.setWidgetResizable(True)
        results_scroll.setWidget(self.results)
        self.paths_view = QTextBrowser(self)
        self.paths_view.setPlaceholderText(self.tr("Click an entry of J to see its chain-rule paths: every "
                                                   "route from that output element to that leaf element, with "
                                                   "the product of the local derivatives along it."))

        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(io_box)
        top_layout.addWidget(results_scroll, 1)

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
        self.run_action.setToolTip(self.tr("Run the program and analyse it (Ctrl+Enter)"))
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
        bar.addWidget(self.progress_label)
        bar.addSeparator()
        self.rows_action = QAction(self.tr("J row by row"), self)
        self.rows_action.setToolTip(self.tr("Build J one row at a time: one backward per one-hot v"))
        self.rows_action.triggered.connect(self.show_row_by_row)
        bar.addAction(self.rows_action)
        for action in self.stepper.actions():
            self.addAction(action)

    def _build_menus(self):
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.open_action = file_menu.addAction(self.tr("&Open program..."))
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.open_program)
        self.save_action = file_menu.addAction(self.tr("&Save program as..."))
        self.save_action.setShortcut(QKeySequence.StandardKey.SaveAs)
        self.save_action.triggered.connect(self.save_program)
        file_menu.addSeparator()
        quit_action = file_menu.addAction(self.tr("&Quit"))
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        fit = view_menu.addAction(self.tr("&Fit graph"))
        fit.setShortcut(QKeySequence("Ctrl+0"))
        fit.triggered.connect(self.graph.fit)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.about_action = help_menu.addAction(self.tr("&About Backprop Lens"))
        self.about_action.triggered.connect(self.show_about)

    def _connect(self):
        s = self.state
        self.editor.runRequested.connect(self.run_analysis)
        self.editor.editedQuietly.connect(self._edited)
        self.console.lineActivated.connect(self.editor.go_to_line)
        self.output_picker.activated.connect(self._output_picked)
        self.v_editor.vChanged.connect(self._v_edited)
        self.results.entryActivated.connect(self._entry_activated)
        self.stepper.stepChanged.connect(s.set_step)
        s.stepChanged.connect(self._show_step)
        s.resultsChanged.connect(self._show_results)
        s.busyChanged.connect(self._show_busy)
        w = self.host.worker
        w.progress.connect(self._progress)
        w.finished.connect(self._finished)
        w.failed.connect(self._failed)
        w.pathsReady.connect(self._paths_ready)

    # -- running -------------------------------------------------------------------------
    def run_analysis(self):
        """Run the program in the editor and analyse it (off the GUI thread)."""
        self.state.set_program(self.editor.program())
        job = Job("analyze", source=self.state.program, output=self.state.output, v=self.state.v)
        self._job_id = self.host.submit(job).id
        self.state.set_busy(True)
        self.progress.setValue(0)

    def cancel_analysis(self):
        self.host.cancel()
        self.state.set_busy(False)
        self._set_status(self.tr("Cancelled"))

    def _edited(self):
        self.run_analysis()

    def _output_picked(self, index: int):
        self.state.set_output(self.output_picker.itemData(index))
        self.run_analysis()

    def _v_edited(self, v):
        if v is None:
            return
        self.state.set_v(v)
        self.run_analysis()

    def _progress(self, job_id: int, fraction: float, text: str):
        if job_id != self._job_id:
            return
        self.progress.setValue(int(fraction * 1000))
        self.progress_label.setText(text)

    def _finished(self, job_id: int, outcome):
        if job_id != self._job_id:
            return  # a newer run replaced this one
        self.state.set_busy(False)
        if outcome.cancelled:
            self._set_status(self.tr("Cancelled"))
            return
        self.state.set_results(outcome.run, outcome.analysis, outcome.note)
        self._set_status(self.tr("Analysed in {0:.0f} ms").format(outcome.seconds * 1000))

    def _failed(self, job_id: int, message: str):
        if job_id != self._job_id:
            return
        self.state.set_busy(False)
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
        if not busy:
            self.progress_label.clear()

    # -- showing ---------------------------------------------------------------------------
    def _show_results(self):
        s = self.state
        run = s.run or {}
        error = run.get("error")
        self.console.set_run(run.get("stdout", ""), error, run.get("warnings", []))
        if error and error.get("line"):
            self.editor.set_error(error["line"], error.get("col"), f"{error['type']}: {error['message']}")
        else:
            self.editor.clear_error()
        self._fill_output_picker(run.get("tensors") or {})
        a = s.analysis
        self.results.set_analysis(a)
        graph = (a or {}).get("graph") or {"nodes": [], "edges": []}
        self.graph.set_graph(graph)
        self.inspector.set_graph(graph)
        self.paths_view.clear()
        if a is not None:
            self.v_editor.set_shape(a.get("output_shape") or [], a.get("grad_tensor"))
        elif s.note:
            self.results_note(s.note)
        self.stepper.set_trace(s.trace)

    def results_note(self, note: str):
        self._set_status(note)

    def _fill_output_picker(self, tensors: dict):
        current = self.state.output
        self.output_picker.blockSignals(True)
        self.output_picker.clear()
        self.output_picker.addItem(self.tr("(the tensor the program differentiates)"), PROGRAM_CHOICE)
        for name, t in tensors.items():
            if t.get("grad_fn") or t.get("requires_grad"):
                self.output_picker.addItem(f"{name}  {t.get('shape')}", name)
        index = max(0, self.output_picker.findData(current))
        self.output_picker.setCurrentIndex(index)
        self.output_picker.blockSignals(False)

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
        if job_id != self._paths_job or result is None:
            return
        a = self.state.analysis or {}
        labels = a.get("labels") or {}
        out_names = labels.get("output") or []
        leaf_names = labels.get(result["leaf"]) or []
        i, k = result["i"], result["k"]
        head = self.tr("∂{0} / ∂{1} = {2:.6g}: the sum over {3} path(s)").format(
            out_names[i] if i < len(out_names) else i, leaf_names[k] if k < len(leaf_names) else k,
            result["total"], len(result["paths"]))
        lines = [f"<b>{head}</b>"]
        for p in result["paths"]:
            chain = " → ".join(f"{s['grad_fn']}{'(' + s['name'] + ')' if s['name'] else ''}"
                               f"[{','.join(map(str, s['element']))}] ×{s['partial']:.4g}" for s in p["steps"][:-1])
            lines.append(f"{chain} = {p['product']:.6g}")
        if not result["complete"]:
            lines.append(self.tr("(more paths than shown)"))
        self.paths_view.setHtml("<br>".join(lines))

    # -- files -----------------------------------------------------------------------------
    def open_program(self):
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open program"), "",
                                              self.tr("Python programs (*.py);;All files (*)"))
        if not path:
            return
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            QMessageBox.warning(self, self.tr("Open program"), self.tr("Cannot read {0}: {1}").format(path, e))
            return
        self.editor.set_program(text)
        self.state.path = path
        self.run_analysis()

    def save_program(self):
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save program"), self.state.path or "program.py",
                                              self.tr("Python programs (*.py)"))
        if not path:
            return
        try:
            Path(path).write_text(self.editor.program(), encoding="utf-8")
        except OSError as e:
            QMessageBox.warning(self, self.tr("Save program"), self.tr("Cannot write {0}: {1}").format(path, e))
            return
        self.state.path = path

    def show_about(self) -> QMessageBox:
        """Open the About dialog without blocking (``open()``, not ``exec()``) and return it."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("About Backprop Lens"), _about_text(),
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def _set_status(self, text: str):
        self.statusBar().showMessage(text)

    def closeEvent(self, event):
        self.host.shutdown()
        super().closeEvent(event)


def _about_text() -> str:
    try:
        app_version = version("backprop-lens")
    except PackageNotFoundError:
        app_version = "(not installed)"
    return (f"Backprop Lens {app_version}\n\n"
            "See what PyTorch's backward() computes: the Jacobian of the output, "
            "v\u1d40J, the backward result and the chain rule, node by node.\n\n"
            f"Qt {qVersion()}")

