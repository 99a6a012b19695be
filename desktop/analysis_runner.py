"""Running the analysis: which job is current, and what its answer means.

:class:`AnalysisRunner` submits the program in the editor, with the output, v
and differentiation chosen in :class:`~desktop.state.AppState`, to the worker
(:class:`~desktop.worker.WorkerHost`), and puts the current job's answers into
the state; older jobs' answers are dropped.  A choice that no longer fits the
program lapses, and the program is run again without it, the reason said with
the next results:

- a call chosen whose program's calls changed (an edit), or that could not be analysed;
- an output that is no tensor of a program that ran to its end;
- a v that could not be analysed: the program runs once more without it (core alone
  knows the output's shape), and v goes back to its default only if that run shows
  the output's shape changed.

It shows nothing but the status bar's text (``status``) and, when the
analysis process itself failed, a message box.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox

from desktop.appearance import settings as app_settings
from desktop.i18n.composed import translate_text
from desktop.results.call_picker import calls_signature
from desktop.results.values import shape_text
from desktop.worker import Job


class AnalysisRunner(QObject):
    """The analysis jobs of one window (``window.state``, ``.host``, ``.editor``, ``.document``)."""

    status = Signal(object)    # what the status bar says now: a call making it in the UI's language

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.state = window.state
        self.host = window.host
        self._job_id = None
        self._job_key = None        # what the current analysis job analyses (program, output, v, call)
        self._shown_key = None      # what the complete analysis shown analysed
        self._reset_why = None   # (a call making) why a choice went back to its default; said with the next results
        self._probing = None        # the outcome that failed with the chosen v, while the run without v is on its way
        w = self.host.worker
        w.progress.connect(self._progress)
        w.finished.connect(self._finished)
        w.partialReady.connect(self._partial)
        w.failed.connect(self._failed)
        w.pytorchLoaded.connect(self._pytorch_loaded)

    @property
    def job_id(self) -> int | None:
        """The current analysis job, or None (none under way, or it was cancelled)."""
        return self._job_id

    # -- running -------------------------------------------------------------------------
    def run(self):
        """Run the program in the editor and analyse it (off the GUI thread)."""
        self.state.set_program(self.window.editor.program())
        self._submit(self.state.v)

    def _submit(self, v):
        call = self.state.call
        job = Job("analyze", source=self.state.program, output=self.state.output, v=v,
                  limits=app_settings.load_limits() or None, call=call and call.call,
                  iteration=call and call.iteration)
        self._job_id = self.host.submit(job).id
        self._job_key = (self.state.program, self.state.output, v, call)
        self._probing = None
        self.state.set_busy(True)
        self.state.set_progress(0.0, self.state.progress_text)

    def cancel(self):
        """Stop the analysis under way.  Whatever that job answers now (a late result, or a
        failure of the process stopping it) is not shown: it was cancelled."""
        self.host.cancel()
        self._job_id = None
        self._probing = None
        self._reset_why = None
        self.state.set_busy(False)
        self.window.editor.clear_error()       # it belonged to a run before the one cancelled
        self.status.emit(self._cancelled_text())

    def _cancelled_text(self):
        """The analysis was cancelled: a numeric stage's results shown stay (the engine's x.grad and
        the numeric verdict are this program's, and right), marked: its symbolic J was not computed."""
        if self.state.symbolic_stopped("cancelled"):
            return lambda: self.tr("Cancelled: the numeric verdict and x.grad stay; the symbolic Jacobian was not "
                                   "computed.")
        return lambda: self.tr("Cancelled")

    # -- the user's choices ----------------------------------------------------------------
    def output_picked(self, name):
        self.state.set_call(None)      # core analyses the call that differentiates the output
        self.state.set_output(name)
        self.run()

    def call_picked(self, choice):
        """A differentiation chosen in the picker (None: the first): analyse it.  Its output is
        the one that call differentiates; v stays for another iteration of the same line."""
        analysed = (self.state.analysis or {}).get("call") or {}
        self.state.set_output(None)
        if choice is None or choice.line != analysed.get("line"):
            self.state.set_v(None)     # a v belongs to one output's shape
        self.state.set_call(choice)
        self.run()

    def v_edited(self, v):
        if v is None:
            return
        self.state.set_v(v)
        self.run()

    # -- choices that lapse ----------------------------------------------------------------
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
            self._reset_why = lambda: self.tr("The program's calls changed: the first is analysed again.")
        else:
            note = outcome.note or ""
            self._reset_why = lambda: self.tr("The call chosen could not be analysed ({0}); the first is analysed "
                                              "instead.").format(translate_text(note))
        self.run()
        return True

    def _output_lapsed(self, outcome) -> bool:
        """The output chosen is no tensor of a program that ran to its end (it was edited or
        replaced): go back to the tensor the program differentiates and run again; True if so.
        A program stopped by an error keeps the choice (its tensor may come later in it)."""
        if not self._output_lapses(outcome):
            return False
        name = self.state.output
        self.state.set_output(None)     # and v, which belonged to that output's shape
        self._reset_why = lambda: self.tr("This program has no tensor named {0}: the tensor it differentiates is "
                                          "analysed instead.").format(name)
        self.run()
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
        self._submit(None)
        self._probing = outcome
        return True

    def _v_probed(self, failed, outcome):
        """The outcome to show after the run without v: with an analysis, v did not fit the
        output's shape (the program changed) and goes back to its default; without one, v was
        not what stopped the analysis, so it stays and the first outcome is shown."""
        if outcome.analysis is None:
            return failed
        self.state.set_v(None)
        shape = shape_text(outcome.analysis.get("output_shape") or [])
        self._reset_why = lambda: self.tr("v no longer fits the output, whose shape is {0} now: it is back to its "
                                          "default.").format(shape)
        return outcome

    # -- the worker's answers --------------------------------------------------------------
    def _progress(self, job_id: int, fraction: float, text: str):
        if job_id == self._job_id:
            self.state.set_progress(fraction, text)   # core's English; shown in the UI's language

    def _pytorch_loaded(self):
        """Real PyTorch has loaded in the analysis process: the analysis on screen came before
        it, so run it again (keeping the step shown) to add the fourth witness."""
        a = self.state.analysis
        if a is None or a.get("pytorch") is not None or not a.get("leaves") or self.state.busy or self.state.partial:
            return
        document = self.window.document
        if self.state.step >= 0 and document.pending_step is None:
            document.pending_step = self.state.step
        self.run()

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
        ms = outcome.seconds * 1000
        self.status.emit(lambda: self.tr("Numeric verdict in {0:.0f} ms; the symbolic Jacobian is being "
                                         "computed…").format(ms))

    def _finished(self, job_id: int, outcome):
        if job_id != self._job_id:
            return  # a newer run replaced this one, or it was cancelled
        self.state.set_busy(False)
        if outcome.cancelled:
            self.status.emit(self._cancelled_text())
            return
        failed, self._probing = self._probing, None
        if failed is not None:
            outcome = self._v_probed(failed, outcome)
        # each of these runs again, and its outcome is not shown: the next one is on its way
        elif self._call_lapsed(outcome) or self._output_lapsed(outcome) or self._v_lapsed(outcome):
            return
        self.state.set_results(outcome.run, outcome.analysis, outcome.note)
        self._shown_key = self._job_key
        ms = outcome.seconds * 1000
        self.status.emit(lambda: self.tr("Analysed in {0:.0f} ms").format(ms))
        why, self._reset_why = self._reset_why, None
        if why:
            self.status.emit(why)

    def _failed(self, job_id: int, message: str):
        if job_id != self._job_id:
            return
        self.state.set_busy(False)
        self.state.symbolic_stopped("failed")       # a numeric stage's results shown stay, marked
        self.status.emit(lambda: self.tr("The analysis failed inside Backprop Lens; your program is safe in the "
                                         "editor."))
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Backprop Lens"),
                          self.tr("The analysis failed inside Backprop Lens. Your program is safe in the editor."),
                          QMessageBox.StandardButton.Ok, self.window)
        box.setDetailedText(message)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
