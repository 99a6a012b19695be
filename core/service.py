"""core as a service in its own process, for the desktop app.

The app sends jobs (plain dicts) through a pipe; the service runs the
program and the analysis and sends back plain data: progress, the outcome,
chain-rule paths.  In its own process, core's long C calls (symengine,
numpy) never hold the GUI's interpreter lock, and a job can be stopped even
when it is stuck in C (the app kills and restarts the process).

Run as ``python -m core.service``; frames (a 4-byte length, then a pickle of
plain data: :mod:`core.frames`) go over stdin (to the service) and the
original stdout (from it; the process's own stdout is sent to stderr, so
nothing else can mix in).

Messages to the service (:data:`JOB_FIELDS` and :data:`EXPORT_OPTIONS` declare them;
:func:`check_message` holds every message to them):
    a job, {"kind": "analyze"|"paths"|"entries"|"graph"|"export"|"warmup", "id": int} and any of
        "source": str, "output": str|None, "v": number|nested list|JSON text|None,
        "limits": {Limits field: number in its range}|None, "leaf": str|None, "i": int, "k": int,
        "options": {"format": str|None, "filename": str|None, "step": int, "lang": str|None}|None,
        "call": int >= 1|None, "iteration": int >= 1|None (which differentiation is analysed:
        the call-th of the run, or the iteration-th made at its line, or at the first's;
        a choice out of range is the outcome's note), "entries": str|None (a selection of J's entries,
        :mod:`core.analysis.entries`; an "entries" job without one asks for the entry "i", "k" of "leaf"),
        "expand": [str]|None (a "graph" job: the fold nodes of the latest analysis's graph to show open);
    ("cancel", id: int), which cancels every job with an id up to id (a reader
        thread takes it at once, even while a job runs);
    None, the end (as is the end of the stream).
Messages from the service: ("ready",), ("progress", id, fraction, text), ("partial", id, outcome),
                           ("finished", id, outcome), ("paths", id, result), ("entries", id, result),
                           ("graph", id, result), ("exported", id, result),
                           ("failed", id, text), ("warmed", id), ("pytorch-loaded",).
An analyze job is answered first, as soon as the numeric witnesses have their verdict, by
("partial", id, outcome): the outcome's analysis has ``"stage": "numeric"`` (the engine's backward and
one-hot rows, the float64 differences, the verdict they give and ``witnesses`` saying which are still
"pending"; no symbolic J, graph or trace yet).  It is not the job's answer: ("finished", id, outcome)
always follows, with ``"stage": "complete"`` (the symbolic J as far as its budget,
the job's limit ``max_symbolic_seconds``, allowed).  An app that knows no "partial" can ignore it.

An "entries" job computes symbolic entries of J of the latest analysis (the symbolic J over its budget
leaves them "not computed"), within the job's ``max_symbolic_seconds``, and is answered ("entries", id,
result): :func:`core.analysis.entries.compute`'s JSON ("entries": each asked entry, "computed" or
"over_budget" or "unavailable", with its "leaf", "row", "column" and "value"), or {"selection": ...,
"error": why} when there is no analysis to take them from, the selection names what it does not have,
or the job was cancelled.

A "graph" job lays out the latest analysis's folded graph again with the fold nodes it names ("expand")
open and the others folded (:func:`core.analysis.trace.expand_folds`), answered ("graph", id, {"graph":
the graph, "expand": the ids, "error": None}) or with "graph": None and "error": why (no analysis, a graph
carrying no unfolded self, too many nodes to lay out).

Nothing the app sends kills the service or leaves it waiting: a frame that
is not one of these messages (not plain data, a non-dict, a field of the
wrong type, a limit out of its range) is answered ("failed", its id or None,
why) and reading goes on.  A frame's length is at most :data:`core.frames.MAX_JOB_BYTES`; a longer
header is answered the same way and then ends the service cleanly (exit
status 0), since where the next frame starts cannot be known: the app starts
a new service.  Answers are at most :data:`core.frames.MAX_ANSWER_BYTES`; a
longer one is not sent, its job fails instead.
"""
from __future__ import annotations

import os
import queue
import reprlib
import sys
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Callable

from core import isolate
from core.analysis import entries as symbolic_entries, pytorch
from core.analysis.budget import Budget
from core.analysis.pipeline import analyse_source
from core.analysis.trace import ExpandError, expand_folds
from core.export import graph_svg, html_report, latex_document
from core.frames import MAX_ANSWER_BYTES, MAX_JOB_BYTES, FrameError, read_frame, write_frame
from core.interp.limits import Limits, LimitsError
from core.ops import native
from core.report_json import finite_json, run_to_json
from core.symbolic.jacobian import Cancelled
from core.translatable import _T


# -- the messages to the service ---------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One field of a message: what its value must be (said in an error), and the test."""

    what: str
    accepts: Callable[[object], bool]


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _text_or_none(x) -> bool:
    return x is None or isinstance(x, str)


def _dict_or_none(x) -> bool:
    return x is None or isinstance(x, dict)


def _count_or_none(x) -> bool:
    return x is None or (_int(x) and x >= 1)


def _v(x) -> bool:
    # its entries are the pipeline's to check: a bad v is an analysis note, not a failed job
    return x is None or isinstance(x, str | list) or (isinstance(x, int | float) and not isinstance(x, bool))


JOB_KINDS = ("analyze", "paths", "entries", "graph", "export", "warmup")
JOB_FIELDS = {   # every field of a job; the app sends them all, whatever the kind
    "kind": Field("one of " + ", ".join(JOB_KINDS), lambda x: isinstance(x, str) and x in JOB_KINDS),
    "id": Field("an integer", _int),
    "source": Field("text (the program)", lambda x: isinstance(x, str)),
    "output": Field("a tensor's name or None", _text_or_none),
    "v": Field("a number, a nested list of numbers, JSON text or None", _v),
    "limits": Field("a dict of Limits fields or None", _dict_or_none),   # and each value in its range
    "leaf": Field("a leaf's name or None", _text_or_none),
    "i": Field("an integer", _int),
    "k": Field("an integer", _int),
    "options": Field("a dict of export options or None", _dict_or_none),   # and EXPORT_OPTIONS
    "call": Field("a whole number from 1 or None", _count_or_none),
    "iteration": Field("a whole number from 1 or None", _count_or_none),
    "entries": Field("a selection of J's entries (text, e.g. out[1]:x[1,2]) or None", _text_or_none),
    "expand": Field("a list of fold node ids (text) or None",
                    lambda x: x is None or (isinstance(x, list) and len(x) <= 10_000 and all(isinstance(i, str) for i in x))),
}
REQUIRED = ("id", "kind")
EXPORT_OPTIONS = {
    "format": Field("a format's name or None", _text_or_none),
    "filename": Field("a file name or None", _text_or_none),
    "step": Field("an integer", _int),
    "lang": Field("a language code or None", _text_or_none),
}


class MessageError(Exception):
    """A frame that is no message to the service; ``job_id`` when it has a usable id."""

    def __init__(self, text: str, job_id: int | None = None):
        super().__init__(text)
        self.job_id = job_id


def _shown(x) -> str:
    try:
        return reprlib.repr(x)
    except Exception:  # noqa: BLE001 - an integer past str()'s digit limit, a recursive container
        return f"a {type(x).__name__}"


def check_message(msg) -> tuple[str, object]:
    """("job", the job), ("cancel", id) or ("end", None) for a message to the service;
    :class:`MessageError` saying what is wrong with anything else."""
    if msg is None:
        return "end", None
    if isinstance(msg, tuple) and msg and msg[0] == "cancel":
        if len(msg) != 2 or not _int(msg[1]):
            raise MessageError(f"a cancel message is ('cancel', id) with an integer id, not {_shown(msg)}")
        return "cancel", msg[1]
    if not isinstance(msg, dict):
        raise MessageError(f"a message to the service is a job (a dict), ('cancel', id) or None, "
                           f"not {_shown(msg)}")
    job_id = msg.get("id") if _int(msg.get("id")) else None
    for name in REQUIRED:
        if name not in msg:
            raise MessageError(f"a job needs {name!r} ({JOB_FIELDS[name].what})", job_id)
    _check_fields(msg, JOB_FIELDS, "a job", job_id)
    if msg.get("options") is not None:
        _check_fields(msg["options"], EXPORT_OPTIONS, "an export's options", job_id)
    if msg.get("limits") is not None:
        if not all(isinstance(name, str) for name in msg["limits"]):
            raise MessageError(f"limits: the names are text, not {_shown(list(msg['limits']))}", job_id)
        try:
            Limits.checked(**msg["limits"])
        except LimitsError as e:
            raise MessageError(f"limits: {e}", job_id) from None
    return "job", msg


def _check_fields(d: dict, schema: dict, where: str, job_id):
    for name, value in d.items():
        field = schema.get(name) if isinstance(name, str) else None
        if field is None:
            raise MessageError(f"{where} has no field {_shown(name)} (its fields are {', '.join(schema)})", job_id)
        if not field.accepts(value):
            raise MessageError(f"{where}'s {name!r} must be {field.what}, not {_shown(value)}", job_id)


def read_messages(stream, conn, cancel_upto, jobs: queue.Queue):
    """The reader thread: jobs go to ``jobs``, cancels raise ``cancel_upto`` at once.
    It never raises: a frame that is no message is answered ("failed", id or None, why)
    and reading goes on; the end of the stream, a None message, a frame longer than
    MAX_JOB_BYTES (where the next one starts is unknown) or an app that stopped
    reading end it, with None in ``jobs``."""
    while True:
        try:
            kind, value = check_message(read_frame(stream, max_bytes=MAX_JOB_BYTES))
        except (MessageError, FrameError) as e:
            stop = isinstance(e, FrameError) and not e.in_sync
            why = str(e) + ("; the service stops (the app starts a new one)" if stop else "")
            if not _answer(conn, ("failed", getattr(e, "job_id", None), why)) or stop:
                break
            continue
        except (EOFError, OSError, ValueError):   # the end of the stream, or it was closed
            break
        except Exception as e:  # noqa: BLE001 - the stream's own failure: its position is lost
            _answer(conn, ("failed", None, f"reading a message failed ({type(e).__name__}: {e}); "
                           "the service stops (the app starts a new one)"))
            break
        if kind == "end":
            break
        if kind == "cancel":
            cancel_upto.value = max(cancel_upto.value, value)
        else:
            jobs.put(value)
    jobs.put(None)


def _answer(conn, message) -> bool:
    """Send ``message``; False when the app no longer reads."""
    try:
        conn.send(message)
    except (OSError, ValueError):
        return False
    return True


class _Conn:
    """The service's side: send frames; a counter the cancel messages raise."""

    def __init__(self, out):
        self.out = out
        self.lock = threading.Lock()

    def send(self, message):
        write_frame(self.out, message, self.lock, max_bytes=MAX_ANSWER_BYTES)


class _Counter:
    def __init__(self):
        self.value = 0


def main():
    isolate.deeper_stack()       # the jobs run on this, the main, thread (see core.isolate)
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed to stdout by a library goes to stderr, not into the frames
    sys.stdout = sys.stderr
    proto_in = sys.stdin.buffer
    conn = _Conn(proto_out)
    cancel_upto = _Counter()
    jobs: queue.Queue = queue.Queue()

    threading.Thread(target=read_messages, args=(proto_in, conn, cancel_upto, jobs), daemon=True,
                     name="service-reader").start()
    serve(conn, cancel_upto, jobs, os_limits=True)


def serve(conn, cancel_upto, jobs, os_limits=False):
    """The service loop: one job at a time, in order; with ``os_limits`` (the service's own
    process), each job's memory limit is set on the process too."""
    service = _Service(conn, cancel_upto, os_limits)
    conn.send(("ready",))
    while True:
        job = jobs.get()
        if job is None:
            return
        try:
            service.handle(job)
        except FrameError as e:   # an answer past MAX_ANSWER_BYTES: nothing of it was sent
            conn.send(("failed", job.get("id"), f"the answer could not be sent: {e}"))
        except Exception:  # noqa: BLE001 - reported to the app, never a silent death
            conn.send(("failed", job.get("id"), traceback.format_exc(limit=8)))



class _Service:
    def __init__(self, conn, cancel_upto, os_limits=False):
        self.conn = conn
        self.cancel_upto = cancel_upto
        self.os_limits = os_limits
        self.analysis = None
        self.last = None          # (source, the run's JSON with its analysis) of the latest analysis

    def handle(self, job: dict):
        kind = job.get("kind")
        if kind == "warmup":
            # the engine's C file, compiled now if this machine has not yet (about a second, once)
            threading.Thread(target=native.chain, daemon=True, name="native-build").start()
            if os.environ.get("BACKPROP_LENS_PYTORCH", "on") != "off":
                # real PyTorch, the fourth witness, once it has loaded; the app is told then
                pytorch.preload(lambda: self.conn.send(("pytorch-loaded",)))
            self.conn.send(("warmed", job.get("id")))
        elif kind == "paths":
            self.conn.send(("paths", job["id"], self.paths(job)))
        elif kind == "entries":
            self.conn.send(("entries", job["id"], self.entries(job)))
        elif kind == "graph":
            self.conn.send(("graph", job["id"], self.graph(job)))
        elif kind == "analyze":
            self.conn.send(("finished", job["id"], self.analyze(job)))
        elif kind == "export":
            self.conn.send(("exported", job["id"], self.export(job)))

    def analyze(self, job: dict) -> dict:
        """Run and analyse the job's program (:func:`core.analysis.pipeline.analyse_source`) at the
        differentiation its ``call`` and ``iteration`` choose, reporting progress and stopping when
        the job is cancelled."""

        t0 = time.monotonic()
        job_id = job["id"]
        cancel = lambda: self.cancel_upto.value >= job_id  # noqa: E731

        def progress(fraction, text):
            self.conn.send(("progress", job_id, float(fraction), str(text)))

        def outcome(run, analysis=None, note=None, cancelled=False):
            return {"run": run, "analysis": analysis, "note": note, "cancelled": cancelled,
                    "seconds": time.monotonic() - t0}

        if cancel():
            return outcome(None, cancelled=True)
        limits = Limits.checked(**(job.get("limits") or {}))
        if self.os_limits:     # the second wall, as core.isolate sets it for the CLI's child
            isolate.limit_memory(limits.max_memory_mb * 2 ** 20)
        shown = []          # the run's JSON, made once for the partial answer and the final one

        def ran(result):
            shown.append(run_to_json(result))

        def numeric(analysis):
            try:
                self.conn.send(("partial", job_id, outcome(shown[0] if shown else None, analysis.to_json())))
            except FrameError:      # too large to send (nothing was): the final answer is the job's answer
                pass
        o = analyse_source(job.get("source", ""), output=job.get("output"), grad_tensor=job.get("v"),
                           limits=limits, pytorch="loaded", progress=progress, cancel=cancel,
                           call=job.get("call"), iteration=job.get("iteration"), ran=ran,
                           symbolic_seconds=limits.max_symbolic_seconds, numeric=numeric)
        run = shown[0] if shown else run_to_json(o.result)
        if o.cancelled:
            return outcome(run, cancelled=True)
        if o.analysis is None:
            return outcome(run, note=o.note)
        self.analysis = o.analysis
        analysis = o.analysis_json()
        self.last = (job.get("source", ""), dict(run, analysis=analysis))
        return outcome(run, analysis)

    def export(self, job: dict) -> dict:
        """The latest analysis as a file's text: "html" (the report), "latex",
        "script" (plain PyTorch) or "svg" (the graph)."""
        fmt = (job.get("options") or {}).get("format")
        options = job.get("options") or {}
        if self.last is None:
            return {"format": fmt, "text": None, "error": _T("there is no analysis to export yet")}
        source, report = self.last
        analysis = report["analysis"]
        if analysis.get("pytorch_script_deferred") and self.analysis is not None and fmt in ("html", "script"):
            # a long script the analysis left to be written when asked for: now, once
            analysis.update(pytorch_script=self.analysis.pytorch_script, pytorch_script_deferred=False)
        if fmt == "html":
            text = html_report(report, source, filename=options.get("filename") or "program.py",
                               lang=options.get("lang") or "en")
        elif fmt == "latex":
            text = latex_document(analysis, f"Backprop Lens: {options.get('filename') or 'program.py'}")
        elif fmt == "script":
            text = analysis.get("pytorch_script")
            if text is None:
                return {"format": fmt, "text": None,
                        "error": _T("this program's forward cannot be written as plain PyTorch calls")}
        elif fmt == "svg":
            trace, step = analysis.get("trace") or [], options.get("step", -1)
            text = graph_svg(analysis.get("graph") or {}, trace[step] if 0 <= step < len(trace) else None)
        else:
            return {"format": fmt, "text": None, "error": _T("unknown export format {format!r}").format(format=fmt)}
        return {"format": fmt, "text": text, "error": None}

    def entries(self, job: dict) -> dict:
        """Symbolic entries of the latest analysis's J: the job's selection, or its entry ("leaf", "i",
        "k": J's flat row and column), within its limits' ``max_symbolic_seconds``."""
        a, selection = self.analysis, job.get("entries")
        if a is None or a.expressions is None:
            return {"selection": selection, "error": _T("there is no analysis with a J to compute entries of")}
        try:
            if selection is None:
                selection = symbolic_entries.selection_of(a.expressions, job.get("leaf"), int(job.get("i", 0)),
                                                          int(job.get("k", 0)))
            limits = Limits.checked(**(job.get("limits") or {}))
            return symbolic_entries.for_analysis(a, selection, Budget.fixed(limits.max_symbolic_seconds),
                                                 lambda: self.cancel_upto.value >= job["id"])
        except symbolic_entries.SelectionError as e:
            return {"selection": selection, "error": str(e)}
        except Cancelled:
            return {"selection": selection, "error": _T("cancelled")}

    def graph(self, job: dict) -> dict:
        """The latest analysis's graph with the job's fold nodes ("expand") open."""
        expand = list(job.get("expand") or [])
        a = self.analysis
        if a is None or not a.graph:
            return {"graph": None, "expand": expand, "error": _T("there is no analysis with a graph to expand")}
        try:
            return {"graph": finite_json(expand_folds(a.graph, expand)), "expand": expand, "error": None}
        except ExpandError as e:
            return {"graph": None, "expand": expand, "error": e.args[0]}

    def paths(self, job: dict):
        a = self.analysis
        leaf = job.get("leaf")
        if a is None or leaf not in (a.leaves or []):
            return None
        paths, total, complete = a.paths(leaf, int(job.get("i", 0)), int(job.get("k", 0)))
        return {"leaf": leaf, "i": job.get("i"), "k": job.get("k"), "total": total, "complete": complete,
                "paths": [p.to_json() for p in paths]}


if __name__ == "__main__":
    main()
