"""Runs core's work in a separate process (core.service) and reports by signals.

Core's long calls (symengine, numpy) hold Python's interpreter lock, so in a
thread they would freeze the window for up to a second (measured: 0.75 s); in
their own process (``python -m core.service``) they cannot.  The window sends
jobs through the process's stdin; a reader thread here turns its replies into
Qt signals (the window never waits on anything).  Cancel is a message the
service takes at once and polls between steps; a job that does not stop
within a few seconds (stuck inside one C call) has its process killed and a
new one started, so Cancel always works.
"""
from __future__ import annotations

import itertools
import os
import subprocess
import sys
import threading
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer, Signal

import core
from core.frames import read_frame, write_frame

_ids = itertools.count(1)


@dataclass
class Job:
    kind: str                       # "analyze" | "paths" | "export" | "warmup"
    source: str = ""
    output: str | None = None
    v: object = None                # nested list or None
    limits: dict | None = None      # Limits fields to override
    leaf: str | None = None
    i: int = 0
    k: int = 0
    options: dict | None = None     # an export's format, language, step, file name
    id: int = field(default_factory=lambda: next(_ids))

    def message(self) -> dict:
        return {"kind": self.kind, "id": self.id, "source": self.source, "output": self.output, "v": self.v,
                "limits": self.limits, "leaf": self.leaf, "i": self.i, "k": self.k, "options": self.options}


@dataclass
class Outcome:
    """What one analysis job produced, as plain data for the window."""

    run: dict | None                 # DESIGN.md's JSON of the run (stdout, error, warnings, tensors)
    analysis: dict | None            # DESIGN.md's analysis object, or None
    note: str | None = None          # why there is no analysis
    cancelled: bool = False
    seconds: float = 0.0


class ServiceSignals(QObject):
    progress = Signal(int, float, str)    # job id, fraction, text
    finished = Signal(int, object)        # job id, Outcome
    failed = Signal(int, str)             # job id, message
    pathsReady = Signal(int, object)      # job id, paths result (dict) or None
    exportReady = Signal(int, object)     # job id, {"format", "text", "error"}
    ready = Signal()                      # the service process is up
    warmedUp = Signal()
    pytorchLoaded = Signal()              # real PyTorch is ready in the service: analyses include it now


class WorkerHost(QObject):
    """Owns the service process; ``submit`` sends a job, the latest analysis wins."""

    KILL_AFTER_MS = 3000   # a cancelled job still running after this: restart the process

    def __init__(self, parent=None):
        super().__init__(parent)
        self.worker = ServiceSignals()       # the signals (named as the window expects)
        self._current: Job | None = None
        self._send_lock = threading.Lock()
        self._cancelled_id = 0           # the latest job Cancel was pressed for
        self._kill_timer = QTimer(self)
        self._kill_timer.setSingleShot(True)
        self._kill_timer.timeout.connect(self._kill_if_stuck)
        self.worker.finished.connect(self._job_done)
        self._closing = False
        self._start()

    # -- the process -------------------------------------------------------------------
    def _start(self):
        root = os.path.dirname(os.path.dirname(os.path.abspath(core.__file__)))
        env = dict(os.environ)
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self._process = subprocess.Popen([sys.executable, "-m", "core.service"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, env=env, bufsize=0)
        process = self._process
        self._reader = threading.Thread(target=self._read, args=(process,), daemon=True,
                                        name="backprop-lens-reader")
        self._reader.start()

    def _read(self, process):
        w = self.worker
        while True:
            try:
                msg = read_frame(process.stdout)
            except (EOFError, OSError, ValueError):
                if not self._closing and process is self._process:
                    job = self._current
                    if job is not None:
                        w.failed.emit(job.id, "The analysis process stopped unexpectedly; it will be restarted.")
                return
            kind = msg[0]
            if kind == "progress":
                w.progress.emit(msg[1], msg[2], msg[3])
            elif kind == "finished":
                d = msg[2]
                w.finished.emit(msg[1], Outcome(d["run"], d["analysis"], d["note"], d["cancelled"], d["seconds"]))
            elif kind == "paths":
                w.pathsReady.emit(msg[1], msg[2])
            elif kind == "exported":
                w.exportReady.emit(msg[1], msg[2])
            elif kind == "failed":
                w.failed.emit(msg[1] if msg[1] is not None else -1, msg[2])
            elif kind == "ready":
                w.ready.emit()
            elif kind == "warmed":
                w.warmedUp.emit()
            elif kind == "pytorch-loaded":
                w.pytorchLoaded.emit()

    def _send(self, message):
        with self._send_lock:
            if self._process.poll() is not None:
                self._restart_locked()
            try:
                write_frame(self._process.stdin, message)
            except (OSError, BrokenPipeError, ValueError):
                self._restart_locked()
                write_frame(self._process.stdin, message)

    def _restart_locked(self):
        old = self._process
        if old.poll() is None:
            old.kill()
        try:
            old.wait(2)
        except subprocess.TimeoutExpired:
            pass
        self._start()

    # -- jobs --------------------------------------------------------------------------
    def submit(self, job: Job) -> Job:
        if job.kind == "analyze":
            if self._current is not None:
                self._send(("cancel", self._current.id))
            self._current = job
        self._send(job.message())
        return job

    def cancel(self):
        job = self._current
        if job is not None:
            self._send(("cancel", job.id))
            self._cancelled_id = job.id
            self._kill_timer.start(self.KILL_AFTER_MS)

    def _job_done(self, job_id, outcome):
        if job_id >= self._cancelled_id:
            self._kill_timer.stop()  # the cancelled job has stopped: the process is not stuck
        if self._current is not None and job_id >= self._current.id:
            self._kill_timer.stop()
            self._current = None

    def _kill_if_stuck(self):
        stuck = self._current
        if stuck is None:
            return
        with self._send_lock:
            self._restart_locked()
        if stuck.id > self._cancelled_id:
            # a newer job was queued behind the one that would not stop: it runs on the new process
            self._send(stuck.message())
            return
        self._current = None
        self.worker.finished.emit(stuck.id, Outcome(None, None, None, cancelled=True))

    def shutdown(self):
        self._closing = True
        self._kill_timer.stop()
        process = self._process
        try:
            with self._send_lock:
                write_frame(process.stdin, None)
                process.stdin.close()
        except (OSError, BrokenPipeError, ValueError):
            pass
        try:
            process.wait(3)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(2)
