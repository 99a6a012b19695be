"""The window's state, one object: setters validate, store, then emit.

Views write back only through these setters (napari's pattern), so there is
one source of truth for the program, the chosen output, v and call, the
latest results, the backward step shown and the progress of the analysis under
way.  Where the work is saved, and whether it is, is the
:class:`~desktop.document.Document`'s.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class AppState(QObject):
    programChanged = Signal(str)
    outputChanged = Signal(object)       # name or None (the program's own choice)
    vChanged = Signal(object)            # nested list or None (the program's own v)
    callChanged = Signal(object)         # the differentiation chosen (a CallChoice) or None (the first)
    resultsChanged = Signal()            # run / analysis replaced by a job's answer
    partialResultsChanged = Signal()     # run / analysis replaced by a job's first, numeric, answer
    symbolicStopped = Signal()           # that answer's job stopped before its symbolic J (symbolic_stopped)
    stepChanged = Signal(int)            # -1: before the first backward step
    busyChanged = Signal(bool)
    progressChanged = Signal(float, object)  # the analysis under way: fraction done, core's text (a Text)

    def __init__(self):
        super().__init__()
        self._program = ""
        self._output = None
        self._v = None
        self._call = None
        self.run: dict | None = None
        self.analysis: dict | None = None
        self.note: str | None = None
        self.partial = False             # the analysis shown is a numeric stage's (its symbolic J still to come)
        self._step = -1
        self._busy = False
        self.progress_text = ""          # the latest progress text, as core sent it ("" when not busy)

    # program -------------------------------------------------------------------------
    @property
    def program(self) -> str:
        return self._program

    def set_program(self, text: str):
        if text != self._program:
            self._program = text
            self.programChanged.emit(text)

    # output and v --------------------------------------------------------------------
    @property
    def output(self):
        return self._output

    def set_output(self, name):
        name = name or None
        if name != self._output:
            self._output = name
            self._v = None  # a v belongs to one output's shape
            self.outputChanged.emit(name)

    @property
    def v(self):
        return self._v

    def set_v(self, v):
        if v != self._v:
            self._v = v
            self.vChanged.emit(v)

    # the differentiation analysed ------------------------------------------------------
    @property
    def call(self):
        return self._call

    def set_call(self, choice):
        """``choice``: a :class:`~desktop.results.call_picker.CallChoice`, or None for the first call."""
        if choice != self._call:
            self._call = choice
            self.callChanged.emit(choice)

    # results ---------------------------------------------------------------------------
    def set_results(self, run: dict | None, analysis: dict | None, note: str | None):
        self.run, self.analysis, self.note = run, analysis, note
        self.partial = False
        self._step = -1
        self.resultsChanged.emit()
        self.stepChanged.emit(-1)

    def set_partial_results(self, run: dict | None, analysis: dict):
        """The first answer of an analysis under way: ``analysis`` at its numeric stage (``"stage":
        "numeric"``: x.grad and the numeric verdict; no symbolic J, graph or trace, so no step).
        ``partialResultsChanged``, not ``resultsChanged``: the job's answer is still to come."""
        self.run, self.analysis, self.note = run, analysis, None
        self.partial = True
        self._step = -1
        self.partialResultsChanged.emit()
        self.stepChanged.emit(-1)

    def symbolic_stopped(self, why: str) -> bool:
        """The analysis shown is a numeric stage's whose job stopped before its answer (``why``:
        "cancelled" or "failed"): it is marked so (its pending witnesses' state ``why``, the app's
        own words) and shown again; False when there is no such analysis (nothing changes)."""
        a = self.analysis
        if not self.partial or a is None:
            return False
        witnesses = {name: (dict(w, state=why) if (w or {}).get("state") == "pending" else w)
                     for name, w in (a.get("witnesses") or {}).items()}
        self.analysis = dict(a, witnesses=witnesses)
        self.symbolicStopped.emit()
        return True

    @property
    def trace(self) -> list:
        return (self.analysis or {}).get("trace") or []

    @property
    def step(self) -> int:
        return self._step

    def set_step(self, index: int):
        index = max(-1, min(int(index), len(self.trace) - 1))
        if index != self._step:
            self._step = index
            self.stepChanged.emit(index)

    # busy ------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._busy

    def set_busy(self, busy: bool):
        if busy != self._busy:
            self._busy = busy
            if not busy:
                self.progress_text = ""
            self.busyChanged.emit(busy)

    def set_progress(self, fraction: float, text: str):
        """The analysis under way is ``fraction`` done; ``text`` (core's English) says at what."""
        self.progress_text = text
        self.progressChanged.emit(fraction, text)
