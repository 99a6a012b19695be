"""core as a service in its own process, for the desktop app.

The app sends jobs (plain dicts) through a pipe; the service runs the
program and the analysis and sends back plain data: progress, the outcome,
chain-rule paths.  In its own process, core's long C calls (symengine,
numpy) never hold the GUI's interpreter lock, and a job can be stopped even
when it is stuck in C (the app kills and restarts the process).

Run as ``python -m core.service``; frames (a 4-byte length, then a pickle)
go over stdin (to the service) and the original stdout (from it; the
process's own stdout is sent to stderr, so nothing else can mix in).

Messages to the service:   {"kind": "analyze"|"paths"|"export"|"warmup", "id": int, ...}, ("cancel", id),
                           or None.
Messages from the service: ("ready",), ("progress", id, fraction, text), ("finished", id, outcome),
                           ("paths", id, result), ("exported", id, result), ("failed", id, text),
                           ("warmed", id), ("pytorch-loaded",).
A ("cancel", n) message cancels every job with an id up to n; a reader thread
takes it at once, even while a job runs.
"""
from __future__ import annotations

import os
import pickle
import queue
import sys
import threading
import time
import traceback

from core.analysis import pytorch
from core.analysis.pipeline import analyse_source
from core.export import graph_svg, html_report, latex_document
from core.frames import read_frame, write_frame
from core.interp import Limits
from core.report_json import run_to_json
from core.translatable import _T

class _Conn:
    """The service's side: send frames; a counter the cancel messages raise."""

    def __init__(self, out):
        self.out = out
        self.lock = threading.Lock()

    def send(self, message):
        write_frame(self.out, message, self.lock)


class _Counter:
    def __init__(self):
        self.value = 0


def main():
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed to stdout by a library goes to stderr, not into the frames
    sys.stdout = sys.stderr
    proto_in = sys.stdin.buffer
    conn = _Conn(proto_out)
    cancel_upto = _Counter()
    jobs: queue.Queue = queue.Queue()

    def reader():
        while True:
            try:
                msg = read_frame(proto_in)
            except (EOFError, OSError, pickle.UnpicklingError):
                jobs.put(None)
                return
            if isinstance(msg, tuple) and msg and msg[0] == "cancel":
                cancel_upto.value = max(cancel_upto.value, int(msg[1]))
            else:
                jobs.put(msg)
                if msg is None:
                    return
    threading.Thread(target=reader, daemon=True, name="service-reader").start()
    serve(conn, cancel_upto, jobs)


def serve(conn, cancel_upto, jobs):
    """The service loop: one job at a time, in order."""
    service = _Service(conn, cancel_upto)
    conn.send(("ready",))
    while True:
        job = jobs.get()
        if job is None:
            return
        try:
            service.handle(job)
        except Exception:  # noqa: BLE001 - reported to the app, never a silent death
            conn.send(("failed", job.get("id"), traceback.format_exc(limit=8)))


class _Service:
    def __init__(self, conn, cancel_upto):
        self.conn = conn
        self.cancel_upto = cancel_upto
        self.analysis = None
        self.last = None          # (source, the run's JSON with its analysis) of the latest analysis

    def handle(self, job: dict):
        kind = job.get("kind")
        if kind == "warmup":
            if os.environ.get("BACKPROP_LENS_PYTORCH", "on") != "off":
                # real PyTorch, the fourth witness, once it has loaded; the app is told then
                pytorch.preload(lambda: self.conn.send(("pytorch-loaded",)))
            self.conn.send(("warmed", job.get("id")))
        elif kind == "paths":
            self.conn.send(("paths", job["id"], self.paths(job)))
        elif kind == "analyze":
            self.conn.send(("finished", job["id"], self.analyze(job)))
        elif kind == "export":
            self.conn.send(("exported", job["id"], self.export(job)))

    def analyze(self, job: dict) -> dict:
        """Run and analyse the job's program (:func:`core.analysis.pipeline.analyse_source`),
        reporting progress and stopping when the job is cancelled."""

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
        o = analyse_source(job.get("source", ""), output=job.get("output"), grad_tensor=job.get("v"),
                           limits=Limits(**(job.get("limits") or {})), pytorch="loaded", progress=progress,
                           cancel=cancel)
        run = run_to_json(o.result)
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
