"""Run a program and collect what it did: ``run_program``.

One entry point for the app, the CLI and the analysis.  It never raises for
anything the program does: a rejection, an exception the program raised, or
a limit it went past all come back in :class:`RunResult.error`, with the line.
Runs are serialised by a lock, because the engine's grad mode, default dtype,
print options and size guard are process-wide.
"""
from __future__ import annotations

import ctypes
import dataclasses
import sys
import threading
import warnings
from dataclasses import dataclass, field

import numpy as np

from core import context, dtypes, printing
from core.autograd import engine
from core.interp.interpreter import Interpreter
from core.interp.limits import Cancelled, LimitExceeded, Limits, tensor_guard
from core.interp.parse import Program, ProgramRejected, parse_program
from core.interp.safe_builtins import LimitedOutput
from core.tensor import grad_mode
from core.tensor.tensor import Tensor
from core.torch import creation

_LOCK = threading.RLock()


class StopRun(BaseException):
    """Raised by an observer to end a run early (the analysis has what it needs)."""


class TimeUp(BaseException):
    """Delivered by the watchdog when a run overstays its time limit inside one
    long call (where the interpreter's own clock checks cannot see it)."""


class _Watchdog:
    """Raises :class:`TimeUp` in the running thread after ``seconds``, as an
    asynchronous exception (delivered at the next Python bytecode, e.g. inside
    the engine); anything pending is cleared when the run ends."""

    def __init__(self, seconds: float):
        # NOTE: a wait past threading.TIMEOUT_MAX raises OverflowError in the timer's own thread,
        # which would die and leave the run without a watchdog.  Limits refuses such values; this
        # clamps whatever still arrives (NaN and the infinities included) to the longest wait.
        self.seconds = seconds if 0 <= seconds <= threading.TIMEOUT_MAX else (
            0.0 if seconds < 0 else threading.TIMEOUT_MAX)
        self.lock = threading.Lock()
        self.active = False

    def __enter__(self):
        self.thread_id = threading.get_ident()
        self.active = True
        self.timer = threading.Timer(self.seconds, self._fire)
        self.timer.daemon = True
        self.timer.start()
        return self

    def _fire(self):
        with self.lock:
            if self.active:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread_id), ctypes.py_object(TimeUp))

    def __exit__(self, *exc):
        with self.lock:
            self.active = False
            self.timer.cancel()
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread_id), None)
        return False


@dataclass
class RunError:
    """What stopped a program: ``kind`` is rejected, raised or limit."""

    type: str
    message: str
    line: int | None
    kind: str
    inner_line: int | None = None
    col: int | None = None

    def to_json(self) -> dict:
        d = {"type": self.type, "message": self.message, "line": self.line}
        if self.inner_line is not None:
            d["inner_line"] = self.inner_line
        if self.col is not None:
            d["col"] = self.col
        d["kind"] = self.kind
        return d


@dataclass
class Warning_:
    category: str
    message: str
    line: int | None


@dataclass
class RunResult:
    stdout: str
    error: RunError | None
    warnings: list = field(default_factory=list)
    namespace: dict = field(default_factory=dict)   # top-level names -> values, at the end or the error
    program: Program | None = None
    statements_run: int = 0
    # the app's own notes on the run (core.context.note: gc.collect() doing nothing), kept apart from
    # the warnings Python and PyTorch give; Warning_ records of category "Note"
    notes: list = field(default_factory=list)

    @property
    def rejected(self) -> bool:
        return self.error is not None and self.error.kind == "rejected"

    def tensors(self) -> dict:
        return {k: v for k, v in self.namespace.items() if isinstance(v, Tensor)}


class _State:
    """Process-wide engine state a run sets up and puts back afterwards."""

    def __enter__(self):
        self.saved = (grad_mode._state[0], grad_mode._inference[0], dtypes._default[0], printing.get_printoptions(), context.guard[0],
                      np.seterr(all="ignore"), sys.getrecursionlimit())
        grad_mode._state[0], grad_mode._inference[0] = True, False
        context.saved_hooks.clear()   # a block the last run left by an error does not reach this one
        context.before_write.clear()
        self.anomaly = list(context.anomaly)
        context.anomaly[:] = [False, True]
        dtypes._default[0] = dtypes.float32
        printing.set_printoptions(profile="default")
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 6000))
        return self

    def __exit__(self, *exc):
        mode, inference, default, opts, guard, err, rec = self.saved
        grad_mode._state[0], grad_mode._inference[0] = mode, inference
        dtypes._default[0] = default
        _restore_printoptions(printing, opts)
        context.guard[0] = guard
        context.anomaly[:] = self.anomaly
        np.seterr(**err)
        sys.setrecursionlimit(rec)
        return False


def _restore_printoptions(printing, opts):
    for f in dataclasses.fields(opts):
        setattr(printing._OPTS, f.name, getattr(opts, f.name))


def run_program(source: str, *, filename: str = "<program>", limits: Limits | None = None,
                stop_before: int | None = None, program: Program | None = None, observer=None,
                observers=(), default_dtype=None, cancel=None) -> RunResult:
    """Parse and run ``source``; ``stop_before`` runs only the first top-level
    statements.  ``observer(kind, outputs, grads, interp, retain_graph, create_graph)`` sees every
    backward/autograd.grad the program asks for, before it runs, and may raise
    :class:`StopRun`; ``observers`` (:class:`core.context.Observer`: the
    symbolic shadow, a tape...) watch the forward, all in this one run.
    ``default_dtype`` replaces float32 as the default."""
    limits = limits or Limits()
    if program is None:
        try:
            program = parse_program(source, filename)
        except ProgramRejected as e:
            return RunResult("", RunError(e.type_name, e.message, e.line, "rejected", col=e.col))
    out = LimitedOutput(limits)
    with _LOCK, _State():
        context.guard[0] = tensor_guard(limits)
        printing.full_guard[0] = _print_guard(limits)
        creation.manual_seed(0)
        if default_dtype is not None:
            dtypes._default[0] = default_dtype
        interp = Interpreter(program, limits, out, cancel)
        if observer is not None:
            engine.observer[0] = lambda kind, outs, grads, *flags: observer(kind, outs, grads, interp, *flags)
        watchdog = _Watchdog(limits.max_seconds + 1.0)
        notes = []
        context.notes[0] = lambda text: notes.append(Warning_("Note", text, interp.frames[0].line))
        try:
            with watchdog:
                with context.observing(*observers):
                    error, count, caught = _execute(interp, program, stop_before)
        except TimeUp:  # landed between statements, outside _execute's handlers
            error, count, caught = _limit_error(interp, "max_seconds"), 0, []
        finally:
            engine.observer[0] = None
            context.notes[0] = None
            printing.full_guard[0] = None
    return RunResult(out.getvalue(), error, caught, dict(interp.globals.vars), program, count, notes=notes)


def _print_guard(limits):
    """Refuses to format more values than the output limit could print (each takes two
    characters at least: a digit and a separator)."""
    def guard(n):
        if 2 * n > limits.max_output_chars:
            raise LimitExceeded(limits, "max_output_chars", f"printing {n:,} values in full")
    return guard


def _execute(interp, program, stop_before):
    statements = program.statements if stop_before is None else program.statements[:stop_before]
    caught = []
    error = None
    count = 0

    def show(message, category, filename, lineno, file=None, line=None):
        caught.append(Warning_(category.__name__, str(message), interp.frames[0].line))

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        for index, stmt in enumerate(statements):
            interp.stmt_index = index
            try:
                interp.run_statement(stmt)
                count += 1
            except StopRun:
                break
            except TimeUp:
                error = _limit_error(interp, "max_seconds")
                break
            except Cancelled:
                error = RunError("Cancelled", "the run was cancelled", interp.frames[0].line, "cancelled")
                break
            except LimitExceeded as e:
                error = RunError("LimitExceeded", str(e), interp.frames[0].line, "limit",
                                 _inner(interp, e))
                break
            except ProgramRejected as e:
                # refused while running (a format string built at run time): the program ran up to here
                error = RunError(e.type_name, e.message, e.line or interp.frames[0].line, "raised", col=e.col)
                break
            except RecursionError:
                error = RunError("LimitExceeded", "the program nests too deeply (calls or expressions); "
                                 "simplify it, or raise the limit with --max-call-depth", interp.frames[0].line,
                                 "limit")
                break
            except MemoryError:
                # the OS refused memory: past the process's limit (core.isolate) or the machine's
                error = _limit_error(interp, "max_memory_mb")
                break
            except KeyboardInterrupt:
                error = RunError("KeyboardInterrupt", "stopped", interp.frames[0].line, "limit")
                break
            except Exception as e:  # noqa: BLE001 - the program's own error is the result
                error = RunError(type(e).__name__, _message(e), interp.frames[0].line, "raised", _inner(interp, e))
                break
            finally:
                del interp.frames[1:]
                interp.depth = 0
    return error, count, caught


def _limit_error(interp, name: str) -> RunError:
    """The run stopped on the limit ``name`` from outside the interpreter's own counting (the
    watchdog's clock, the OS's memory limit), at the line it had reached."""
    return RunError("LimitExceeded", str(LimitExceeded(interp.limits, name)), interp.frames[0].line, "limit")


def _inner(interp, e):
    return interp.error_inner_line if interp.error_exc is e else None


def _message(e) -> str:
    if isinstance(e, KeyError) and len(e.args) == 1:
        return repr(e.args[0])
    return str(e)
