"""The second wall: a command's work in a child process with OS limits.

The interpreter's whitelist and its counted limits are the first wall (see
:mod:`core.interp.limits`).  What they cannot see — a C routine that
recurses until the stack ends, an allocation nobody counted, a C call that
never returns — is stopped here: the CLI's ``run`` and ``report`` do their
work in a forked child with

- a memory limit (``RLIMIT_DATA``: heap and anonymous mappings, numpy's
  arrays among them) of what the parent already uses plus ``memory_bytes``;
- a CPU-time limit (``RLIMIT_CPU``) a little above the wall-clock budget
  for every core, a backstop for a child the parent can no longer kill;
- a wall-clock kill: the parent waits ``wall_seconds`` and then sends
  SIGKILL;
- death with its parent (``PR_SET_PDEATHSIG``).

The child sends its results back as frames (:mod:`core.frames`) as they are
ready, so a child stopped during the analysis still leaves the run it made.
The parent learns how the child ended (:class:`Ended`) and writes the JSON
and the HTML itself, whatever happened in the child.

Where a fork is not possible or not safe (:func:`available`) the work runs in
this process, behind the first wall only.
"""
from __future__ import annotations

import ctypes
import faulthandler
import os
import resource
import signal
import sys
import threading
import time
from dataclasses import dataclass, field

from core.frames import read_frame, write_frame

# what the parent accepts from its child in all: the child bounds its own report far below this
MAX_RESULT_BYTES = 512 * 1024 * 1024
# the main thread's stack may grow this far: Linux leaves at least 128 MB below the stack
# for it when a process starts, whatever the limit was then
STACK_BYTES = 112 * 1024 * 1024
_POLL = 0.02
_PR_SET_PDEATHSIG = 1
_CHILD_FAILED = 70      # the child's exit status when its work raised


@dataclass
class Ended:
    """How the child ended and what it sent."""

    messages: list = field(default_factory=list)
    how: str = "finished"           # finished | killed (the wall clock) | signal | exit | oversized
    signal: int | None = None       # the signal that ended the child (how == "signal")
    status: int = 0                 # its exit status (how == "exit")
    seconds: float = 0.0

    @property
    def signal_name(self) -> str:
        try:
            return signal.Signals(self.signal).name
        except (ValueError, TypeError):
            return f"signal {self.signal}"


def available() -> bool:
    """Whether a child can be forked safely: on Linux, from a process that runs no other
    thread and has not loaded PyTorch (whose OpenMP pool does not survive a fork: the child
    would wait for it forever).  ``python -m core run`` always is such a process; a caller
    that embeds core after loading torch (a notebook, the tests) runs in-process."""
    return (hasattr(os, "fork") and sys.platform.startswith("linux") and threading.active_count() == 1
            and "torch" not in sys.modules)


def data_in_use() -> int:
    """Bytes of this process's data segment (``VmData``): what the limit adds to."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmData:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def run_isolated(work, *, memory_bytes: int, wall_seconds: float) -> Ended:
    """Run ``work(send)`` in a child process within the limits above; ``send(message)``
    passes a message (plain data) back.  Never raises for what the child did."""
    if not available():
        ended = Ended()
        start = time.monotonic()
        work(ended.messages.append)
        ended.seconds = time.monotonic() - start
        return ended

    sys.stdout.flush()
    sys.stderr.flush()
    limit = data_in_use() + int(memory_bytes)
    cpu = int(wall_seconds * (os.cpu_count() or 1)) + 10
    read_fd, write_fd = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        _child(work, write_fd, limit, cpu)
    os.close(write_fd)

    ended = Ended()
    reader = threading.Thread(target=_collect, args=(read_fd, ended), daemon=True, name="isolate-reader")
    reader.start()
    deadline = start + wall_seconds
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline or ended.how == "oversized":
            if ended.how != "oversized":
                ended.how = "killed"
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            break
        time.sleep(_POLL)
    reader.join(5.0)
    ended.seconds = time.monotonic() - start
    if ended.how == "finished":
        if os.WIFSIGNALED(status):
            ended.how, ended.signal = "signal", os.WTERMSIG(status)
        elif os.WEXITSTATUS(status) != 0:
            ended.how, ended.status = "exit", os.WEXITSTATUS(status)
    return ended


def _collect(fd, ended: Ended):
    """The parent's reader: frames from the child until it closes its end."""
    with os.fdopen(fd, "rb") as stream:
        counting = _Counting(stream)
        while True:
            try:
                message = read_frame(counting)
            except _TooBig:
                ended.how = "oversized"
                return
            except Exception:  # noqa: BLE001 - EOF or a garbled frame: the child is judged by its status
                return
            ended.messages.append(message)


class _TooBig(Exception):
    pass


class _Counting:
    """The child's stream, refusing to read past :data:`MAX_RESULT_BYTES` in all."""

    def __init__(self, stream):
        self.stream, self.count = stream, 0

    def read(self, n):
        if self.count + n > MAX_RESULT_BYTES:
            raise _TooBig
        data = self.stream.read(n)
        self.count += len(data)
        return data


def _child(work, fd, limit: int, cpu: int):
    status = _CHILD_FAILED
    try:
        faulthandler.disable()      # a crash is the parent's to report, not a traceback on the terminal
        _die_with_parent()
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        deeper_stack()
        out = os.fdopen(fd, "wb")
        lock = threading.Lock()

        def send(message):
            write_frame(out, message, lock)

        try:
            work(send)
            status = 0
        except MemoryError:
            send(("memory",))
        except BaseException as e:  # noqa: BLE001 - reported by the parent, never a traceback on the terminal
            send(("failed", f"{type(e).__name__}: {e}"[:2000]))
        out.flush()
    except BaseException:  # noqa: BLE001 - even the report failed: the status says so
        pass
    finally:
        os._exit(status)


def limit_memory(memory_bytes: int) -> None:
    """This process's own memory limit (``RLIMIT_DATA``): what it holds now plus ``memory_bytes``.
    For a process that runs programs itself, as the app's analysis service does."""
    limit = data_in_use() + int(memory_bytes)
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def deeper_stack():
    """Let the main thread's stack grow to :data:`STACK_BYTES`: C routines that recurse
    without Python's guard (hashing a tuple nested 400,000 deep) then finish, as they would
    with more stack, instead of crashing at 8 MB."""
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    want = STACK_BYTES if hard == resource.RLIM_INFINITY else min(STACK_BYTES, hard)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_STACK, (want, hard))


def _die_with_parent():
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass
