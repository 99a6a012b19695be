"""Run one program in a forked child, so that a program that hangs in C, eats
all memory or crashes the interpreter fails its test instead of the test run.

The child (a fork of the test process, so nothing is imported again):

- works in an empty directory of its own (the parent checks it stays empty),
- gets an address-space limit a few GiB above what it already uses, so that a
  runaway allocation ends in MemoryError here instead of the OOM killer (the
  app has no such limit: a MemoryError in a result means that no limit of the
  interpreter stopped the program),
- runs ``run_program``, then records the process-wide engine state, then runs
  a small benign program to check that the interpreter is still usable,
- sends a plain dict back through a pipe.

The parent kills the child after ``timeout`` seconds.
"""
from __future__ import annotations

import multiprocessing
import os
import resource
import time
import traceback
from dataclasses import dataclass

import pytest

BENIGN = ("import torch\n"
          "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
          "(x * x).sum().backward()\n"
          "print(x.grad)\n")
BENIGN_STDOUT = "tensor([2., 4.])\n"
MEMORY_HEADROOM = 2 * 2 ** 30

_CTX = multiprocessing.get_context("fork")


def _vm_size() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _engine_state() -> dict:
    import sys

    import numpy as np

    from core import dtypes, printing
    from core.autograd import engine
    from core.tensor import grad_mode
    from core import context
    return {
        "grad_enabled": grad_mode.is_grad_enabled(),
        "guard_is_none": context.guard[0] is None,
        "observers_empty": context.observers[0] == (),
        "observer_is_none": engine.observer[0] is None,
        "recorder_is_none": engine._recorder[0] is None,
        "hooks_enabled": engine.hooks_enabled[0],
        "default_dtype": dtypes.get_default_dtype().name,
        "printoptions": repr(printing.get_printoptions()),
        "recursionlimit": sys.getrecursionlimit(),
        "np_err": repr(sorted(np.geterr().items())),
    }


def _child(conn, source, limits_kw, workdir, benign):
    res = {}
    try:
        os.chdir(workdir)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = _vm_size() + MEMORY_HEADROOM
        if hard == resource.RLIM_INFINITY or cap < hard:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
        from core.interp import Limits, run_program
        res["state_before"] = _engine_state()
        t0 = time.monotonic()
        try:
            r = run_program(source, filename="<hostile>", limits=Limits(**limits_kw))
        except BaseException as e:  # noqa: BLE001 - this is what the test looks for
            res["escaped"] = f"{type(e).__module__}.{type(e).__qualname__}: {str(e)[:300]}"
            r = None
        res["elapsed"] = time.monotonic() - t0
        if r is not None:
            e = r.error
            res["stdout"] = r.stdout[:2000]
            res["error"] = None if e is None else {
                "type": e.type, "message": e.message, "line": e.line, "kind": e.kind,
                "inner_line": e.inner_line, "col": e.col}
        r = None  # drop what the program built before the benign run
        res["state_after"] = _engine_state()
        if benign:
            try:
                b = run_program(BENIGN, limits=Limits(max_seconds=5))
                res["benign"] = {"stdout": b.stdout,
                                 "error": None if b.error is None else (b.error.type, b.error.message)}
                res["benign"]["ok"] = b.error is None and b.stdout == BENIGN_STDOUT
            except BaseException as e:  # noqa: BLE001
                res["benign"] = {"stdout": "", "error": ("escaped", repr(e)[:300]), "ok": False}
            res["state_after_benign"] = _engine_state()
    except BaseException:  # noqa: BLE001
        res["child_failure"] = traceback.format_exc()[-2000:]
    try:
        conn.send(res)
    except BaseException:  # noqa: BLE001
        pass
    conn.close()
    os._exit(0)


@dataclass
class Outcome:
    result: dict | None      # what the child sent; None if it hung or died
    exitcode: int | None
    wall: float
    hung: bool

    @property
    def error(self):
        return None if self.result is None else self.result.get("error")


def run_isolated(source: str, *, limits: dict, timeout: float, workdir: str, benign: bool = True) -> Outcome:
    """Run ``source`` through ``run_program`` in a forked child; see the module doc."""
    recv, send = _CTX.Pipe(duplex=False)
    proc = _CTX.Process(target=_child, args=(send, source, limits, workdir, benign), daemon=True)
    t0 = time.monotonic()
    proc.start()
    send.close()
    result = None
    hung = False
    try:
        if recv.poll(timeout):
            result = recv.recv()
        else:
            hung = True
    except (EOFError, OSError):
        result = None
    wall = time.monotonic() - t0
    proc.join(2 if not hung else 0)
    if proc.is_alive():
        proc.kill()
        proc.join()
    recv.close()
    return Outcome(result, proc.exitcode, wall, hung)


@pytest.fixture(scope="session")
def isolated():
    # import everything once here, so that each forked child starts warm
    import core.interp  # noqa: F401
    _engine_state()
    return run_isolated
