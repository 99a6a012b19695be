"""Runs core's work in a separate process (core.service) and reports by signals.

Core's long calls (symengine, numpy) hold Python's interpreter lock, so in a
thread they would freeze the window for up to a second (measured: 0.75 s); in
their own process (``python -m core.service``) they cannot.  The window sends
jobs through the process's stdin; a reader thread here turns its replies into
Qt signals (the window never waits on anything).  Cancel is a message the
service takes at once and polls between steps; a job that does not stop
within a few seconds (stuck inside one C call) has its process killed and a
new one started, so Cancel always works.

Every job sent is kept until its answer comes, with the process it was sent
to; when that process dies (or is restarted), each of its jobs still waiting
gets ``failed``, so an export or a paths job never waits for good.  A process
that ends while stopping a cancelled analysis (Cancel, or a newer analysis in
its place) ended because of that cancel: the cancelled analyses are answered
as cancelled, and the jobs queued behind them run again on a new process.

An analysis is answered twice: ``partialReady`` first (the service's "partial": its numeric stage,
x.grad and the numeric verdict, the job still waiting), then ``finished`` (its answer).
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
from core.frames import MAX_ANSWER_BYTES, MAX_JOB_BYTES, FrameError, read_frame, write_frame
from core.interp.limits import Limits, LimitsError

_ids = itertools.count(1)


@dataclass
class Job:
    kind: str                       # "analyze" | "paths" | "entries" | "graph" | "export" | "warmup"
    source: str = ""
    output: str | None = None
    v: object = None                # nested list or None
    limits: dict | None = None      # Limits fields to override
    leaf: str | None = None
    i: int = 0
    k: int = 0
    options: dict | None = None     # an export's format, language, step, file name
    call: int | None = None         # the differentiation analysed: the call-th of the run (1-based) ...
    iteration: int | None = None    # ... or the iteration-th at its line (or the first's); None: the first
    entries: str | None = None      # an "entries" job's selection of J (core.analysis.entries); None: leaf, i, k
    expand: list | None = None      # a "graph" job's fold nodes to show open (core.analysis.trace.expand_folds)
    id: int = field(default_factory=lambda: next(_ids))

    def message(self) -> dict:
        return {"kind": self.kind, "id": self.id, "source": self.source, "output": self.output, "v": self.v,
                "limits": self.limits, "leaf": self.leaf, "i": self.i, "k": self.k, "options": self.options,
                "call": self.call, "iteration": self.iteration, "entries": self.entries, "expand": self.expand}


@dataclass
class Outcome:
    """What one analysis job produced, as plain data for the window."""

    run: dict | None                 # DESIGN.md's JSON of the run (stdout, error, warnings, tensors)
    analysis: dict | None            # DESIGN.md's analysis object, or None
    note: str | None = None          # why there is no analysis
    cancelled: bool = False
    seconds: float = 0.0


def _outcome(d: dict) -> Outcome:
    """A "partial" or "finished" answer's outcome (core.service's plain dict) as an :class:`Outcome`."""
    return Outcome(d["run"], d["analysis"], d["note"], d["cancelled"], d["seconds"])


class ServiceSignals(QObject):
    progress = Signal(int, float, object)  # job id, fraction, text (core's Text: its template and values kept)
    finished = Signal(int, object)        # job id, Outcome
    # job id, Outcome: the analysis as the numeric witnesses leave it ("stage": "numeric": x.grad and
    # the numeric verdict, no symbolic J, graph or trace yet); not the job's answer: finished follows
    partialReady = Signal(int, object)
    failed = Signal(int, str)             # job id, message
    pathsReady = Signal(int, object)      # job id, paths result (dict) or None
    entriesReady = Signal(int, object)    # job id, symbolic entries of J (core.analysis.entries' JSON, or "error")
    exportReady = Signal(int, object)     # job id, {"format", "text", "error"}
    graphReady = Signal(int, object)      # job id, {"graph", "expand", "error"}: the graph with folds open
    ready = Signal()                      # the service process is up
    warmedUp = Signal()
    pytorchLoaded = Signal()              # real PyTorch is ready in the service: analyses include it now
    jobsLost = Signal()                   # (the host's own) a process ended with jobs waiting: see _lost


class WorkerHost(QObject):
    """Owns the service process; ``submit`` sends a job, the latest analysis wins."""

    KILL_AFTER_MS = 3000   # a cancelled job still running after this: restart the process
    # an analysis still running this long after the whole budget of its limits (its run, the
    # analysis's run and stages: Limits.command_seconds) is stuck in C: its process is restarted
    OVERDUE_GRACE_S = 5.0

    def __init__(self, parent=None):
        super().__init__(parent)
        self.worker = ServiceSignals()       # the signals (named as the window expects)
        self._current: Job | None = None
        self._send_lock = threading.Lock()
        self._waiting_lock = threading.Lock()    # the reader thread answers jobs, the window sends them
        self._waiting: dict[int, Job] = {}       # jobs sent to the current process, not yet answered
        self._cancelled_id = 0           # the latest job Cancel was pressed for
        self._stopping_id = 0            # the latest analysis told to stop (Cancel, or a newer one in its place)
        self._kill_timer = QTimer(self)
        self._kill_timer.setSingleShot(True)
        self._kill_timer.timeout.connect(self._kill_if_stuck)
        self._overdue_timer = QTimer(self)    # the second wall's clock for the analysis process
        self._overdue_timer.setSingleShot(True)
        self._overdue_timer.timeout.connect(self._kill_if_overdue)
        self.worker.finished.connect(self._job_done)
        # queued: the reader thread emits it.  What was lost travels in _lost, not in the signal: Python
        # objects carried by a queued signal were seen to reach another receiver as its `self`
        self._lost: list[tuple] = []             # (process, jobs, why), under _waiting_lock
        self.worker.jobsLost.connect(self._take_lost)
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
        with self._waiting_lock:
            self._waiting = {}                  # the new process's own (the old one's reader keeps its)
        self._reader = threading.Thread(target=self._read, args=(process, self._waiting), daemon=True,
                                        name="backprop-lens-reader")
        self._reader.start()

    def _read(self, process, waiting: dict[int, Job]):
        w = self.worker
        while True:
            try:
                msg = read_frame(process.stdout, max_bytes=MAX_ANSWER_BYTES)
            except FrameError as e:
                # an answer that is not plain data: its job fails, the next frame is read; a
                # length past the bound: the stream is lost, so the process is ended (and restarted
                # by the next job) as if it had stopped, and every job it had fails
                why = f"The analysis process sent an answer that could not be read: {e}"
                if e.in_sync:
                    if not self._closing and process is self._process:
                        job = self._current
                        if job is not None:
                            self._answered(waiting, job.id)
                        w.failed.emit(job.id if job is not None else -1, why)
                    continue
                process.kill()
                if not self._fail_waiting(process, waiting, why) and not self._closing and process is self._process:
                    w.failed.emit(-1, why)
                return
            except (EOFError, OSError, ValueError):
                self._fail_waiting(process, waiting, "The analysis process stopped unexpectedly; it will be restarted.")
                return
            kind = msg[0]
            if kind in ("finished", "paths", "entries", "graph", "exported", "failed", "warmed"):
                self._answered(waiting, msg[1])
            if kind == "progress":
                w.progress.emit(msg[1], msg[2], msg[3])
            elif kind == "finished":
                w.finished.emit(msg[1], _outcome(msg[2]))
            elif kind == "partial":     # the job is not done: it stays waiting for its "finished"
                w.partialReady.emit(msg[1], _outcome(msg[2]))
            elif kind == "paths":
                w.pathsReady.emit(msg[1], msg[2])
            elif kind == "entries":
                w.entriesReady.emit(msg[1], msg[2])
            elif kind == "graph":
                w.graphReady.emit(msg[1], msg[2])
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

    def _send(self, message, job: Job | None = None):
        with self._send_lock:
            if self._process.poll() is not None:
                self._restart_locked()
            self._wait_for(job)
            try:
                write_frame(self._process.stdin, message, max_bytes=MAX_JOB_BYTES)
            except FrameError as e:   # too large to send (nothing was): the job fails, once the caller has its id
                job_id, why = message["id"] if isinstance(message, dict) else -1, str(e)
                if job is not None:
                    self._answered(self._waiting, job.id)
                QTimer.singleShot(0, self, lambda: self.worker.failed.emit(job_id, why))
            except (OSError, BrokenPipeError, ValueError):
                self._restart_locked(keep=job)
                self._wait_for(job)
                write_frame(self._process.stdin, message, max_bytes=MAX_JOB_BYTES)

    def _restart_locked(self, keep: Job | None = None, why: str | None = None, resend: bool = False) -> list[Job]:
        """A new process in place of the old one (killed if it still runs); the old one's
        jobs still waiting fail (after the caller's slot returns), but for ``keep``, which
        the caller sends again.  With ``resend`` they are returned instead, for the caller
        to send again."""
        old = self._process
        with self._waiting_lock:
            lost = dict(self._waiting)
            self._waiting.clear()       # the old reader's own dict: at its end it finds none left
        if old.poll() is None:
            old.kill()
        try:
            old.wait(2)
        except subprocess.TimeoutExpired:
            pass
        self._start()
        if keep is not None:
            lost.pop(keep.id, None)
        if resend:
            return list(lost.values())
        why = why or "The analysis process stopped unexpectedly; it was restarted."
        for job_id in lost:
            QTimer.singleShot(0, self, lambda i=job_id: self.worker.failed.emit(i, why))
        return []

    def _wait_for(self, job: Job | None):
        if job is not None:
            with self._waiting_lock:
                self._waiting[job.id] = job

    def _answered(self, waiting: dict[int, Job], job_id) -> None:
        with self._waiting_lock:
            waiting.pop(job_id, None)

    def _fail_waiting(self, process, waiting: dict[int, Job], why: str) -> bool:
        """The jobs ``waiting`` on a process that has ended go to :meth:`_jobs_lost` (from the
        reader thread: queued to the GUI thread); False when there were none."""
        with self._waiting_lock:
            lost = sorted(waiting.values(), key=lambda job: job.id)
            waiting.clear()
        if lost and not self._closing:
            with self._waiting_lock:
                self._lost.append((process, lost, why))
            self.worker.jobsLost.emit()
        return bool(lost)

    def _take_lost(self) -> None:
        with self._waiting_lock:
            taken, self._lost = self._lost, []
        for process, lost, why in taken:
            self._jobs_lost(process, lost, why)

    def _jobs_lost(self, process, lost: list[Job], why: str) -> None:
        """``process`` has ended with the jobs ``lost`` waiting.  When an analysis told to stop
        was among them, the process ended while stopping it (a cancel that ends the process is
        the service's fault, never the fault of the jobs queued behind): the stopped analyses
        are answered as cancelled and the others run again on a new process.  Otherwise each
        job fails, saying ``why``.  Each answer is a signal of its own, after this slot returns
        (as the reader thread's are): a receiver may disconnect while it is told."""
        if self._closing:
            return
        if not any(self._is_stopped(job) for job in lost):
            for job in lost:
                if job is self._current:    # no answer will come: its clock and its place go
                    self._current = None
                    self._overdue_timer.stop()
                QTimer.singleShot(0, self, lambda i=job.id: self.worker.failed.emit(i, why))
            return
        self._kill_timer.stop()     # the cancelled analysis has stopped, with its process
        with self._send_lock:
            if process is self._process:    # not replaced yet: jobs may have been sent to it since
                lost = lost + self._restart_locked(resend=True)
        for job in sorted(lost, key=lambda job: job.id):
            if self._is_stopped(job):
                QTimer.singleShot(0, self, lambda i=job.id: self.worker.finished.emit(
                    i, Outcome(None, None, cancelled=True)))
            else:
                self._send(job.message(), job)

    def _is_stopped(self, job: Job) -> bool:
        return job.kind == "analyze" and job.id <= self._stopping_id

    # -- jobs --------------------------------------------------------------------------
    def submit(self, job: Job) -> Job:
        if job.kind == "analyze":
            if self._current is not None:
                self._send(("cancel", self._current.id))
                self._stopping_id = max(self._stopping_id, self._current.id)
            self._current = job
            self._overdue_timer.start(int(1000 * (self.budget_seconds(job) + self.OVERDUE_GRACE_S)))
        self._send(job.message(), job)
        return job

    @staticmethod
    def budget_seconds(job: Job) -> float:
        """The whole budget of an analysis job's limits (core's Limits.command_seconds)."""
        try:
            return Limits.checked(**(job.limits or {})).command_seconds()
        except (LimitsError, TypeError):     # the service refuses such a job at once
            return Limits().command_seconds()

    def _kill_if_overdue(self):
        stuck = self._current
        if stuck is None:
            return
        why = (f"The analysis went past its whole budget ({self.budget_seconds(stuck):g} s: the run, the analysis's "
               "own run and its stages; Settings > Limits) inside one long call, so its process was stopped and "
               "restarted.")
        with self._send_lock:
            self._restart_locked(keep=stuck, why=why)
        self._current = None
        self.worker.failed.emit(stuck.id, why)

    def cancel(self):
        job = self._current
        if job is not None:
            self._send(("cancel", job.id))
            self._cancelled_id = job.id
            self._stopping_id = max(self._stopping_id, job.id)
            self._kill_timer.start(self.KILL_AFTER_MS)

    def _job_done(self, job_id, outcome):
        if job_id >= self._cancelled_id:
            self._kill_timer.stop()  # the cancelled job has stopped: the process is not stuck
        if self._current is not None and job_id >= self._current.id:
            self._kill_timer.stop()
            self._overdue_timer.stop()
            self._current = None

    def _kill_if_stuck(self):
        stuck = self._current
        if stuck is None:
            return
        with self._send_lock:
            # the jobs queued behind the one that would not stop (an export, paths) are lost with it
            self._restart_locked(keep=stuck, why="The analysis process was restarted because a cancelled "
                                                 "analysis would not stop; this job was lost with it.")
        if stuck.id > self._cancelled_id:
            # a newer job was queued behind the one that would not stop: it runs on the new process
            self._send(stuck.message(), stuck)
            return
        self._current = None
        self.worker.finished.emit(stuck.id, Outcome(None, None, None, cancelled=True))

    def shutdown(self):
        self._closing = True
        self._kill_timer.stop()
        self._overdue_timer.stop()
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
