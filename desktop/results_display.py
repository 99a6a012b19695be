"""Showing the state's results in the window's panels.

:class:`ResultsDisplay` listens to :class:`~desktop.state.AppState` and puts
what it holds in the window's views: the console (the program's own run, and
notes), the editor's error marker, the output picker, the call picker, v, the
side-by-side results, the graph, the step inspector and the stepper.  It
computes nothing: it says, in the UI's language, what there is and why
something is not there.

The state holds core's analysis dict as the service sent it; the panels read
its view (:class:`desktop.view_model.AnalysisView`), built here once per
analysis (:attr:`ResultsDisplay.view`).
"""
from __future__ import annotations

from PySide6.QtCore import QObject

from desktop.i18n.composed import translate_text
from desktop.results.witnesses import symbolic_state
from desktop.view_model import AnalysisView, RunView, view_of

PROGRAM_CHOICE = None  # the output picker's "the program's choice" entry


class ResultsDisplay(QObject):
    """The views of ``window`` (``state``, ``editor``, ``console``, ``results``, ``graph`` ...)."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.state = window.state
        self._own_v = None      # (what it is for, the program's own v), from the last run with it
        self._built = (None, None)   # (the state's analysis dict, its view)
        self._built_run = (None, RunView())   # (the state's run dict, its view)

    @property
    def view(self) -> AnalysisView | None:
        """The view of the state's analysis: built the first time it is asked for, once per analysis
        (the state replaces its dict, never changes it in place)."""
        analysis = self.state.analysis
        if self._built[0] is not analysis:
            self._built = (analysis, view_of(analysis))
        return self._built[1]

    @property
    def run(self) -> RunView:
        """The view of the state's run (an empty run when there is none), built once per run."""
        if self._built_run[0] is not self.state.run:
            self._built_run = (self.state.run, RunView.from_json(self.state.run))
        return self._built_run[1]

    def show_results(self):
        w, s, run = self.window, self.state, self.run
        error = run.error
        own_v, v_differs = self._program_v(self.view)
        # the console shows the program's own run; said when the results use another v
        w.v_note.setText(self._v_note_text())
        w.v_note.setVisible(v_differs)
        self._show_console()
        w.dialogs.offer_limits(run.json.get("error"))
        if error is not None and error.line and s.program == w.editor.program():
            w.editor.set_error(error.line, error.col, f"{error.type}: {error.message}")
        else:
            w.editor.clear_error()   # no error, or one in a text the editor no longer holds
        self._fill_output_picker(run.tensors)
        a = self.view
        w.call_picker.set_calls(a)
        w.results.set_analysis(a, s.note, error)
        w.graph.set_graph(self._graph_json(), self.no_graph_text())
        w.inspector.set_graph(a.graph if a is not None else None)
        w.paths_view.clear()
        w._paths_result, w._paths_unlisted = None, False
        if a is not None:
            w.v_editor.set_shape(a.output_shape, a.grad_tensor, program_v=own_v)
        elif s.note:
            self.results_note(s.note)
        w.stepper.set_trace(a.trace if a is not None else ())

    def _show_console(self):
        """The program's run in the console, with the app's notes in the UI's language."""
        w, run = self.window, self.run
        notes = [{"category": self.tr("Backprop Lens note"), "message": translate_text(n)} for n in run.notes]
        if not w.v_note.isHidden():
            notes.insert(0, {"category": self.tr("Backprop Lens note"), "message": w.v_note.text()})
        # the console and the limits offer read core's error record as it is
        w.console.set_run(run.stdout, run.json.get("error"), list(run.warnings) + notes)

    def _graph_json(self) -> dict:
        """core's graph as the graph view draws it (laid out by core)."""
        return self.view.graph.json if self.view is not None else {"nodes": [], "edges": []}

    def show_symbolic_stopped(self):
        """The numeric stage's results shown stay, their job stopped: said in place (nothing is laid
        out again, so nothing jumps)."""
        self.window.results.set_symbolic_state(self.view)
        self.window.graph.set_graph({"nodes": [], "edges": []}, self.no_graph_text())

    def show_busy(self, busy: bool):
        w = self.window
        w.cancel_button.setEnabled(busy)
        w.progress.setVisible(busy)
        w.results.set_running(busy)
        if self.state.run is None:      # nothing shown yet: the graph's place says whether it is coming
            w.graph.set_graph(None, self.no_graph_text())
        if not busy:
            w.progress_label.clear()

    def show_progress(self, fraction: float, text: str):
        self.window.progress.setValue(int(fraction * 1000))
        if text:
            self.window.progress_label.setText(translate_text(text))

    def show_step(self, index: int):
        w, steps = self.window, self.view.trace if self.view is not None else ()
        w.graph.show_step(self.state.trace, index)     # the graph view replays core's trace itself
        w.stepper.set_step(index)
        w.inspector.show_step(steps[index] if 0 <= index < len(steps) else None)

    def restyle(self):
        """Draw the graph, the results and the step again (after the sizes or the language changed)."""
        w, s = self.window, self.state
        w.graph.set_graph(self._graph_json(), self.no_graph_text())
        w.results.set_analysis(self.view, s.note, self.run.error)
        self.show_step(s.step)
        w.v_note.setText(self._v_note_text())     # its own sentence, in the language shown now
        if w.output_picker.count() and w.output_picker.itemData(0) is PROGRAM_CHOICE:
            w.output_picker.setItemText(0, self._program_choice_text())
        if s.progress_text:     # the progress text, in the language shown now
            w.progress_label.setText(translate_text(s.progress_text))

    def retranslate(self):
        """Everything shown again in the language just installed (the window's LanguageChange)."""
        if self.state.run is not None:
            self._show_console()
        self.restyle()

    def _v_note_text(self) -> str:
        return self.tr("What the program printed comes from its own backward, with its own v; "
                       "J, vᵀJ and x.grad here use the v chosen above.")

    def _program_v(self, analysis: AnalysisView | None) -> tuple:
        """(the program's own v for what is analysed, if known; whether the results use another v).
        The program's v is the one an analysis without a chosen v used (core does not say it when
        one is chosen), kept for the same program, output and call."""
        if analysis is None:
            return None, False
        s = self.state
        key = (s.program, s.output, s.call)
        if analysis.grad_tensor_source != "option":
            self._own_v = (key, analysis.grad_tensor)
        own = self._own_v[1] if self._own_v is not None and self._own_v[0] == key else None
        chosen = analysis.grad_tensor_source == "option"
        return own, chosen and (own is None or own != analysis.grad_tensor)

    def no_graph_text(self) -> str | None:
        """Why no graph is drawn, unless it is that the output has no grad_fn (the graph's own
        text): nothing has run yet, the program was not run or stopped with an error, or there is
        no analysis for another reason (the results panel says which)."""
        s = self.state
        if s.partial:
            state = symbolic_state(self.view)
            if state == "pending":
                return self.tr("The backward graph and its step-through come with the full result, once the "
                               "symbolic Jacobian is done.")
            if state == "cancelled":
                return self.tr("No graph: the analysis was cancelled before the graph was drawn. Run the program "
                               "again (Ctrl+Enter) to see it.")
            return self.tr("No graph: the analysis stopped before the graph was drawn.")
        if self.view is not None:
            return None
        if s.run is None:
            return self.tr("Analysing the program...") if s.busy else self.tr("No graph yet: it is drawn once "
                                                                              "the program has run.")
        error = self.run.error
        kind, line, name = (error.kind, error.line, error.type) if error is not None else (None, None, None)
        if kind == "rejected":
            return (self.tr("No graph: the program was not run ({0} at line {1}).").format(name, line)
                    if line else self.tr("No graph: the program was not run ({0}).").format(name))
        if kind in ("raised", "limit"):
            return (self.tr("No graph: the program stopped with an error at line {0}.").format(line) if line
                    else self.tr("No graph: the program stopped with an error."))
        return self.tr("No graph: there is no analysis for this run (the results say why).")

    def results_note(self, note: str):
        """Why there is no analysis (core's English): in the status bar, in the UI's language
        (the results panel shows it too)."""
        self.window.show_status(note)      # kept: said again in the next language

    def _program_choice_text(self) -> str:
        return self.tr("(the tensor the program differentiates)")

    def _fill_output_picker(self, tensors: dict):
        """``tensors``: the run's, name -> :class:`~desktop.view_model.TensorInfo`."""
        picker, current = self.window.output_picker, self.state.output
        picker.blockSignals(True)
        picker.clear()
        picker.addItem(self._program_choice_text(), PROGRAM_CHOICE)
        for name, t in tensors.items():
            if t.differentiable:
                picker.addItem(f"{name}  {t.shape}", name)
        if current is not None and picker.findData(current) < 0:
            # the list shows what is analysed, even a name this run has no tensor for (yet)
            shape = tensors[current].shape if current in tensors else None
            picker.addItem(current if shape is None else f"{current}  {shape}", current)
        picker.setCurrentIndex(max(0, picker.findData(current)))
        picker.blockSignals(False)
