"""The second wall (core.isolate): a command's work in a child process with OS limits.

The child's ends are provoked directly (a crash, a sleep past the wall clock, an allocation
past the memory limit, a report too large), and through ``python -m core run`` in a fresh
process, where the CLI always isolates its work: a program that crashed the whole command
before (hashing a tuple nested 400,000 deep overflowed C's stack) and programs stopped by
the OS limits still give their JSON, exit 0-3.
"""
from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from core import isolate

ROOT = Path(__file__).resolve().parents[2]

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork and rlimits are Linux's")


@pytest.fixture
def forkable(monkeypatch):
    """The tests' process has loaded torch and runs threads; these works touch neither."""
    monkeypatch.setattr(isolate, "available", lambda: True)


@linux_only
def test_messages_come_back_in_order(forkable):
    def work(send):
        send(("ran", {"a": [1, 2]}))
        send(("done", "x" * 100_000))
    ended = isolate.run_isolated(work, memory_bytes=2 ** 30, wall_seconds=20)
    assert ended.how == "finished"
    assert ended.messages == [("ran", {"a": [1, 2]}), ("done", "x" * 100_000)]


@linux_only
def test_a_crash_in_c_is_a_signal_not_a_death_of_the_caller(forkable):
    def work(send):
        send(("ran", 1))
        ctypes.string_at(0)        # reads address 0: SIGSEGV
    ended = isolate.run_isolated(work, memory_bytes=2 ** 30, wall_seconds=20)
    assert (ended.how, ended.signal) == ("signal", signal.SIGSEGV)
    assert ended.signal_name == "SIGSEGV"
    assert ended.messages == [("ran", 1)]


@linux_only
def test_the_wall_clock_kills_a_child_stuck_in_c(forkable):
    def work(send):
        send(("ran", 1))
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM, signal.SIGINT])
        time.sleep(60)             # one C call, deaf to the interpreter's clock
    start = time.monotonic()
    ended = isolate.run_isolated(work, memory_bytes=2 ** 30, wall_seconds=1.0)
    assert ended.how == "killed"
    assert time.monotonic() - start < 10
    assert ended.messages == [("ran", 1)]


@linux_only
def test_memory_past_the_limit_is_reported(forkable):
    def work(send):
        import numpy as np
        kept = [np.ones(50_000_000) for _ in range(10)]   # 4 GB, far past 200 MB
        send(("done", len(kept)))
    ended = isolate.run_isolated(work, memory_bytes=200 * 2 ** 20, wall_seconds=20)
    assert ("memory",) in ended.messages
    assert not any(m[0] == "done" for m in ended.messages)


@linux_only
def test_a_report_too_large_is_refused(forkable, monkeypatch):
    monkeypatch.setattr(isolate, "MAX_RESULT_BYTES", 1_000_000)

    def work(send):
        send(("ran", 1))
        send(("done", "x" * 2_000_000))
    ended = isolate.run_isolated(work, memory_bytes=2 ** 30, wall_seconds=20)
    assert ended.how == "oversized"
    assert ended.messages == [("ran", 1)]


@linux_only
def test_the_stack_may_grow_past_c_default(forkable):
    def work(send):
        import resource
        send(("stack", resource.getrlimit(resource.RLIMIT_STACK)[0]))
    ended = isolate.run_isolated(work, memory_bytes=2 ** 30, wall_seconds=20)
    soft = dict(ended.messages)["stack"]
    assert soft == resource_infinity() or soft >= isolate.STACK_BYTES


def resource_infinity():
    import resource
    return resource.RLIM_INFINITY


def test_without_a_safe_fork_the_work_runs_here(monkeypatch):
    monkeypatch.setattr(isolate, "available", lambda: False)
    ended = isolate.run_isolated(lambda send: send(("pid", os.getpid())), memory_bytes=1, wall_seconds=1)
    pid = dict(ended.messages)["pid"]
    assert pid == os.getpid()


@linux_only
def test_a_process_that_loaded_torch_or_runs_threads_is_not_forked(monkeypatch):
    # PyTorch's OpenMP pool, or a lock another thread holds, would hang the forked child
    import threading
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert isolate.available()
    monkeypatch.setitem(sys.modules, "torch", object())
    assert not isolate.available()
    monkeypatch.delitem(sys.modules, "torch")
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert not isolate.available()


# --- through the command line, in a fresh process (where the CLI always isolates) ----------------------
def run_cli(tmp_path, program: str, *options, timeout=120):
    path = tmp_path / "program.py"
    path.write_text(textwrap.dedent(program))
    env = dict(os.environ, BACKPROP_LENS_PYTORCH="off")
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "core", "run", str(path), "--json", "--pytorch", "off", *options],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    return done.returncode, json.loads(done.stdout), time.monotonic() - start


DEEP_TUPLE = """\
    t = 0
    for j in range(4):
        for i in range(100000):
            t = (t, 2)
    print("built")
    print(hash(t) == hash(t), {t: 1}[t])
"""


@linux_only
def test_hashing_a_tuple_nested_400000_deep_finishes(tmp_path):
    # CPython's tuple hash recurses in C without a guard: at 8 MB of stack it crashed the command
    code, report, _ = run_cli(tmp_path, DEEP_TUPLE)
    assert code == 0, report["error"]
    assert report["stdout"] == "built\nTrue 1\n"


@linux_only
def test_a_crash_of_the_run_is_a_report(tmp_path):
    # deeper than the stack allowed: the child crashes, the parent still writes the JSON
    code, report, _ = run_cli(tmp_path, DEEP_TUPLE.replace("range(4)", "range(40)"),
                              "--max-steps", "5000000", "--max-loop-iterations", "100000", "--max-seconds", "60",
                              timeout=200)
    assert code == 1
    error = report["error"]
    assert error["kind"] == "limit"
    if error["type"] == "Crashed":
        assert "SIGSEGV" in error["message"]
    else:     # the machine's stack held, and the run went on to a limit of its own
        assert error["type"] == "LimitExceeded"


@linux_only
def test_memory_past_the_limit_stops_the_run_with_its_line(tmp_path):
    code, report, _ = run_cli(tmp_path, """\
        import torch
        print("start")
        kept = []
        for i in range(20):
            kept.append(torch.zeros(20_000_000))
        print("never")
    """, "--max-memory-mb", "300")
    assert code == 1
    error = report["error"]
    assert (error["type"], error["kind"], error["line"]) == ("LimitExceeded", "limit", 5)
    assert "300 MB of memory" in error["message"] and "--max-memory-mb" in error["message"]
    assert report["stdout"] == "start\n"


@linux_only
def test_the_whole_command_is_bounded_in_time(tmp_path):
    # one long C call (making and sorting 30 million numbers, seconds) that the interpreter's clock cannot
    # interrupt; the kill (2 x 0.5 + 0.01 s) comes before the watchdog's (0.5 + 1 s)
    code, report, seconds = run_cli(tmp_path, """\
        import torch
        s = torch.randn(30_000_000).sort()
    """, "--max-seconds", "0.5", "--max-analysis-seconds", "0.01")
    assert code == 1
    error = report["error"]
    assert (error["type"], error["kind"]) == ("LimitExceeded", "limit")
    assert "whole command" in error["message"]
    assert seconds < 15


@linux_only
def test_an_analysis_past_its_budget_is_stopped_and_the_run_kept(tmp_path):
    code, report, seconds = run_cli(tmp_path, """\
        import torch
        torch.manual_seed(0)
        x = torch.randn(40, requires_grad=True)
        W1 = torch.randn(40, 40, requires_grad=True)
        W2 = torch.randn(40, 40, requires_grad=True)
        W3 = torch.randn(40, 40, requires_grad=True)
        y = torch.tanh(W3 @ torch.tanh(W2 @ torch.tanh(W1 @ x)))
        y.sum().backward()
        print("ran")
    """, "--max-seconds", "1", "--max-analysis-seconds", "0.01")
    assert code == 0 and report["error"] is None
    assert report["stdout"] == "ran\n" and report["tensors"]["W1"]["grad"] is not None
    analysis = report["analysis"]
    if analysis is None:   # a slow machine: the whole command's wall stopped the analysis; the run is whole
        assert "the analysis was stopped" in report["analysis_note"] and "--max-seconds" in report["analysis_note"]
    else:                  # numeric first: the verdict stands on the witnesses that fitted; J's budget is said
        symbolic = analysis["witnesses"]["symbolic"]
        assert symbolic["state"] == "over_budget" and symbolic["budget"]["rule"], symbolic
        assert analysis["verdict_basis"] == "numeric" and analysis["match"] is True
        assert analysis["jacobian"] == {}
    assert seconds < 15
