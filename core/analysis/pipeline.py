"""The one path from a program's text to its run and its analysis.

The CLI (``run`` and ``report``) and the app's service both come here, so an
option or a witness added once reaches both; each keeps only its own I/O (the
CLI its files and exit statuses, the service its frames, progress and
cancelling).  :func:`analyse_source`:

1. parses the program once (a rejected program is a run result with its
   error, and no analysis);
2. runs it once, noting what it differentiates (the run the user sees);
3. analyses it (:func:`core.analysis.analysis.analyze_run`), which runs it one
   more time with every observer on.

and returns an :class:`Outcome`: the run, the analysis or the reason there is
none.  :func:`analyze` is the same path for a caller that wants the
:class:`~core.analysis.analysis.Analysis` or an :class:`AnalysisError`.

v comes from a user twice over (``--grad-tensor``'s JSON, the app's v
editor), so it is checked here once, strictly, whatever its form
(:func:`parse_grad_tensor` for JSON text, :func:`grad_tensor_array` for
anything): a number or a rectangular nested list of finite numbers, at most
32 levels deep.
"""
from __future__ import annotations

import json
import math
import numbers
import time
from dataclasses import dataclass

import numpy as np

from core.analysis.analysis import (OVER_BUDGET, REJECTED, RUNNING, SYMBOLIC, V_NOT_NUMBERS, V_RAGGED, Analysis,
                                    AnalysisError, analyze_run, stopped)
from core.analysis import entries as symbolic_entries, symbolic_j
from core.analysis.budget import Budget
from core.analysis.collector import analysis_gc, settle
from core.analysis.runs import Tally, discover
from core.interp import Limits
from core.interp.limits import Cancelled as InterpreterCancelled
from core.interp.parse import ProgramRejected, parse_program
from core.interp.run import RunError, RunResult
from core.symbolic.jacobian import Cancelled

MAX_DEPTH = 32


class GradTensorError(AnalysisError):
    """v is not a number or a rectangular nested list of finite numbers.  ``why``
    says what is wrong in a phrase (the CLI puts it in its usage message)."""

    def __init__(self, why: str, ragged: bool = False):
        super().__init__(V_RAGGED if ragged else V_NOT_NUMBERS.format(error=why))
        self.why = why


def parse_grad_tensor(text: str):
    """v given as JSON text: the decoded number or nested list (checked by
    :func:`check_grad_tensor`); raises :class:`GradTensorError`."""
    def reject_constant(token):
        raise GradTensorError(f"{token} is not allowed; entries must be finite numbers")

    try:
        value = json.loads(text, parse_constant=reject_constant)
    except json.JSONDecodeError as e:
        raise GradTensorError(f"not valid JSON ({e.msg} at character {e.pos + 1})") from None
    check_grad_tensor(value)
    return value


def check_grad_tensor(value) -> tuple:
    """The shape of ``value``, a number or a rectangular nested list of finite
    numbers; raises :class:`GradTensorError` for anything else."""
    def shape_of(v, depth):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real | list):
            raise GradTensorError(f"{_shown(v)} is not a number")
        if not isinstance(v, list):
            if not math.isfinite(v):
                raise GradTensorError("entries must be finite numbers")
            return ()
        if depth > MAX_DEPTH:
            raise GradTensorError("nested too deeply")
        shapes = {shape_of(item, depth + 1) for item in v}
        if len(shapes) > 1:
            raise GradTensorError("the nested lists are ragged (rows of different lengths)", ragged=True)
        return (len(v),) + (shapes.pop() if shapes else ())
    return shape_of(value, 0)


def _shown(v) -> str:
    try:
        return json.dumps(v)
    except (TypeError, ValueError):
        return repr(v)


def grad_tensor_array(value) -> np.ndarray:
    """v in any form a caller gives it (JSON text, a number, nested lists, an
    array), checked, as a float64 array."""
    if isinstance(value, str):
        value = parse_grad_tensor(value)
    elif isinstance(value, np.ndarray):
        value = value.tolist()
    check_grad_tensor(value)
    return np.array(value, dtype=np.float64)


@dataclass
class Outcome:
    result: object                    # the RunResult of the program's run (the one the user sees)
    analysis: Analysis | None = None
    note: str | None = None           # why there is no analysis (an AnalysisError's text)
    cancelled: bool = False
    over_budget: bool = False         # the analysis went past its time budget (the note says so)

    def analysis_json(self) -> dict | None:
        return None if self.analysis is None else self.analysis.to_json()


def analyse_source(source: str, *, filename: str = "<program>", output: str | None = None, grad_tensor=None,
                   limits=None, pytorch: str = "auto", progress=None, cancel=None, ran=None,
                   call: int | None = None, iteration: int | None = None, symbolic_seconds: float | None = None,
                   numeric=None, entries: str | None = None) -> Outcome:
    """Parse, run and analyse ``source`` (see the module docstring).  Never
    raises for what the program or the options are: a rejected program, a bad
    v or an output that cannot be analysed come back in the :class:`Outcome`.
    ``ran(result)``, when given, sees the run before its analysis starts; ``call`` and
    ``iteration`` choose which differentiation is analysed (the first by default).

    The numeric witnesses come first; ``numeric(analysis)``, when given, receives their verdict
    (an :class:`Analysis` whose ``stage`` is "numeric") before the symbolic stage starts.  That
    stage has ``symbolic_seconds`` of its own, or by default what is left of the verdict's target
    (:mod:`core.analysis.budget`: the whole analysis within 3x the program's run + 0.5 s), so a
    command printing one report has its verdict in time; a symbolic J that does not fit is
    reported in the analysis (its notes and ``witnesses``).

    ``entries``, a selection of J's entries (:mod:`core.analysis.entries`: ``"out[1]:x[1,2]"``), are
    computed symbolically after the analysis, within the symbolic stage's own seconds
    (:meth:`Budget.entries_deadline`), into the analysis's ``entries``; a selection that names what
    the analysis does not have is the outcome's note (with no analysis)."""
    with analysis_gc():
        return _analyse_source(source, filename, output, grad_tensor, limits, pytorch, progress, cancel, ran, call,
                               iteration, symbolic_seconds, numeric, entries)


def _analyse_source(source, filename, output, grad_tensor, limits, pytorch, progress, cancel, ran, call, iteration,
                    symbolic_seconds, numeric, entries) -> Outcome:
    start = time.monotonic()
    limits = limits or Limits()
    try:
        program = parse_program(source, filename)
    except ProgramRejected as e:
        return Outcome(_rejected(e))
    _report(progress, 0.05, RUNNING)
    tally = Tally()
    begun = time.monotonic()
    result, events = discover(program, limits, cancel, tally)
    run_seconds = time.monotonic() - begun
    if result.error is not None and result.error.kind == "cancelled":
        return Outcome(result, cancelled=True)
    settle()        # the run the user sees is kept to the end (core.analysis.collector)
    if ran is not None:
        ran(result)
    _report(progress, 0.3, SYMBOLIC)
    # the analysis's budget: its own run of the program, then its stages
    deadline = time.monotonic() + limits.max_seconds + limits.max_analysis_seconds
    budget = Budget(start, run_seconds, symbolic_seconds, deadline)
    first = []      # the numeric stage's analysis, once there is one

    def stop():
        return (cancel is not None and cancel()) or time.monotonic() > deadline

    def numeric_done(analysis):
        first.append(analysis)
        if numeric is not None:
            numeric(analysis)
    try:
        v = None if grad_tensor is None else grad_tensor_array(grad_tensor)
        analysis = analyze_run(program, result, events, output=output, grad_tensor=v, limits=limits,
                               progress=progress, cancel=stop, pytorch=pytorch, tally=tally, call=call,
                               iteration=iteration, budget=budget, numeric=numeric_done)
        if entries is not None:
            analysis.entries = symbolic_entries.for_analysis(analysis, entries, budget, stop)
    except symbolic_entries.SelectionError as e:
        return Outcome(result, note=str(e))
    except (Cancelled, InterpreterCancelled):
        # the second: the program's own code (a hook) ran again in the analysis and was stopped there
        if cancel is not None and cancel():
            return Outcome(result, cancelled=True)
        note = OVER_BUDGET.format(run=limits.max_seconds, stages=limits.max_analysis_seconds)
        if first:       # the numeric verdict stands; what came after it was stopped
            whole = {"resource": "seconds", "limit": limits.max_seconds + limits.max_analysis_seconds,
                     "rule": "max_seconds + max_analysis_seconds"}
            return Outcome(result, stopped(first[0], note, whole), over_budget=True)
        return Outcome(result, note=note, over_budget=True)
    except AnalysisError as e:
        return Outcome(result, note=str(e))
    return Outcome(result, analysis)


def analyze(source: str, *, output: str | None = None, grad_tensor=None, limits=None, filename: str = "<program>",
            progress=None, cancel=None, pytorch: str = "auto", call: int | None = None,
            iteration: int | None = None, symbolic_seconds: float | None = None) -> Analysis:
    """The analysis of ``source``, or :class:`AnalysisError` (a rejected
    program included).  ``grad_tensor`` is v in any form
    :func:`grad_tensor_array` takes; the rest as :func:`analyse_source`, but for the symbolic
    stage, which has ``symbolic_seconds`` (by default :data:`core.analysis.symbolic_j.MAX_SECONDS`):
    a caller that wants the Analysis object wants it whole."""
    limits = limits or Limits()
    try:
        program = parse_program(source, filename)
    except ProgramRejected as e:
        raise AnalysisError(REJECTED.format(message=e.message)) from None
    v = None if grad_tensor is None else grad_tensor_array(grad_tensor)
    tally = Tally()
    with analysis_gc():
        result, events = discover(program, limits, cancel, tally)
        settle()
        budget = Budget.fixed(symbolic_j.MAX_SECONDS if symbolic_seconds is None else symbolic_seconds)
        return analyze_run(program, result, events, output=output, grad_tensor=v, limits=limits, progress=progress,
                           cancel=cancel, pytorch=pytorch, tally=tally, call=call, iteration=iteration, budget=budget)


def _rejected(e):
    """The run result of a program rejected before running (what run_program gives for it)."""
    return RunResult("", RunError(e.type_name, e.message, e.line, "rejected", col=e.col))


def _report(progress, fraction, text):
    if progress is not None:
        progress(fraction, text)
