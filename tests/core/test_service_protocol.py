"""The service's protocol (core.service, core.frames) against frames the app never sends
(issue 14): each bad frame is answered ("failed", its id or None, why) and the service answers
the next job; a length past the bound ends it cleanly; limits out of range are refused by the
service, by Limits itself and by the CLI's --max-* options, and the watchdog survives them."""
from __future__ import annotations

import io
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import core.service
from core.cli import main
from core.frames import MAX_ANSWER_BYTES, MAX_JOB_BYTES, FrameError, loads, read_frame, write_frame
from core.interp.limits import Limits, LimitsError
from core.interp.run import _Watchdog
from core.service import EXPORT_OPTIONS, JOB_FIELDS, MessageError, check_message

REPO_ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 120   # importing the analysis on a busy machine
ANSWER_SECONDS = 30     # a warmup or a refused frame is answered at once; this is for a loaded machine
END = "<the end of the stream>"
SMALL = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = (x * x).sum()\nout.backward()\n"


class Service:
    """``python -m core.service`` in a subprocess, as desktop/worker.py starts it; a thread reads
    its answers (with the plain-data reader: every answer must be plain data) into a queue, and
    every wait has a timeout, so a service that hangs fails the test."""

    def __init__(self, log: Path):
        env = dict(os.environ, BACKPROP_LENS_PYTORCH="off")
        env["PYTHONPATH"] = str(REPO_ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.log = open(log, "wb")
        self.process = subprocess.Popen([sys.executable, "-m", "core.service"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.log, env=env, cwd=REPO_ROOT, bufsize=0)
        self.answers: queue.Queue = queue.Queue()
        self.partials: list = []
        threading.Thread(target=self._read, daemon=True).start()
        assert self.answer(STARTUP_SECONDS) == ("ready",)

    def _read(self):
        while True:
            try:
                self.answers.put(read_frame(self.process.stdout, max_bytes=MAX_ANSWER_BYTES))
            except EOFError:
                self.answers.put(END)
                return
            except Exception as e:  # noqa: BLE001 - an answer that is not plain data fails the test
                self.answers.put(e)
                return

    def send_raw(self, data: bytes, header: int | None = None):
        self.process.stdin.write(struct.pack(">I", len(data) if header is None else header) + data)
        self.process.stdin.flush()

    def send(self, message):
        self.send_raw(pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))

    def answer(self, timeout: float = ANSWER_SECONDS):
        """The next answer other than progress and an analysis's partial answer (kept in ``partials``)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                got = self.answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"the service did not answer within {timeout} s")
            if isinstance(got, tuple) and got and got[0] == "partial":
                self.partials.append(got)
            elif not (isinstance(got, tuple) and got and got[0] == "progress"):
                return got

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self):
        try:
            self.process.stdin.close()
            self.process.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait(10)
        self.log.close()


@pytest.fixture(scope="module")
def services(tmp_path_factory):
    """A service shared by the tests of bad frames (each checks it still answers afterwards);
    a new one when a test left it dead."""
    started = []

    def get() -> Service:
        if not started or not started[-1].alive():
            started.append(Service(tmp_path_factory.mktemp("service") / "stderr.log"))
        return started[-1]
    yield get
    for s in started:
        s.close()


_ids = iter(range(1000, 10**6))


def still_answers(service: Service):
    """A valid small job after a bad frame: the service is alive and reads on."""
    job_id = next(_ids)
    service.send({"kind": "warmup", "id": job_id})
    assert service.answer() == ("warmed", job_id)


def assert_failed(answer, job_id, phrase):
    assert isinstance(answer, tuple) and answer[:2] == ("failed", job_id), answer
    assert phrase in answer[2] and "Traceback" not in answer[2], answer[2]


# --- bad frames: an error answer each, and the service reads on ---------------------------------
MARKER = Path(os.environ.get("TMPDIR", "/tmp")) / f"backprop-lens-protocol-{os.getpid()}"

BAD_PICKLES = {
    "an int": (pickle.dumps(42), "a message to the service is a job"),
    "a str": (pickle.dumps("analyze"), "a message to the service is a job"),
    "a list": (pickle.dumps([1]), "a message to the service is a job"),
    "a cancel with a str id": (pickle.dumps(("cancel", "abc")), "a cancel message is ('cancel', id)"),
    "a cancel without an id": (pickle.dumps(("cancel",)), "a cancel message is ('cancel', id)"),
    "an unknown module": (b"cno_such_module_xyz\nThing\n)R.", "plain data"),
    "os.system": (f"cos\nsystem\n(S'touch {MARKER}'\ntR.".encode(), "plain data"),
    "a class": (pickle.dumps(Path("x")), "plain data"),
    "not a pickle": (b"\x80\x05this is not a pickle", "plain data"),
    "a truncated pickle": (pickle.dumps({"kind": "warmup", "id": 1})[:-4], "plain data"),
}


@pytest.mark.parametrize("name", BAD_PICKLES)
def test_a_frame_that_is_no_message_is_answered_and_the_service_reads_on(services, name):
    data, phrase = BAD_PICKLES[name]
    service = services()
    service.send_raw(data)
    assert_failed(service.answer(), None, phrase)
    still_answers(service)
    assert not MARKER.exists()   # os.system was never called


BAD_JOBS = {
    "no id": ({"kind": "warmup"}, None, "a job needs 'id'"),
    "a bool id": ({"kind": "warmup", "id": True}, None, "'id' must be an integer"),
    "an unknown kind": ({"kind": "frobnicate", "id": 7}, 7, "'kind' must be one of analyze, paths, entries, graph, export, warmup"),
    "no kind": ({"id": 8}, 8, "a job needs 'kind'"),
    "an unknown field": ({"kind": "warmup", "id": 9, "sauce": 1}, 9, "a job has no field 'sauce'"),
    "a str i": ({"kind": "paths", "id": 10, "leaf": "x", "i": "zero"}, 10, "'i' must be an integer"),
    "a source that is no text": ({"kind": "analyze", "id": 11, "source": b"x = 1"}, 11, "'source' must be text"),
    "options of a list": ({"kind": "export", "id": 12, "options": ["html"]}, 12, "'options' must be a dict"),
    "an unknown option": ({"kind": "export", "id": 13, "options": {"colour": "red"}}, 13,
                          "an export's options has no field 'colour'"),
    "max_seconds 1e300": ({"kind": "analyze", "id": 14, "source": SMALL, "limits": {"max_seconds": 1e300}}, 14,
                          "limits: max_seconds must be a number of seconds between"),
    "max_seconds nan": ({"kind": "analyze", "id": 15, "source": SMALL, "limits": {"max_seconds": float("nan")}},
                        15, "limits: max_seconds must be a number of seconds between"),
    "max_seconds -1": ({"kind": "analyze", "id": 16, "source": SMALL, "limits": {"max_seconds": -1}}, 16,
                       "limits: max_seconds must be a number of seconds between"),
    "max_steps a str": ({"kind": "analyze", "id": 17, "source": SMALL, "limits": {"max_steps": "many"}}, 17,
                        "limits: max_steps must be a whole number between"),
    "an unknown limit": ({"kind": "analyze", "id": 18, "source": SMALL, "limits": {"max_bananas": 3}}, 18,
                         "'max_bananas' is not a limit"),
}


@pytest.mark.parametrize("name", BAD_JOBS)
def test_a_bad_job_is_answered_with_its_id_and_the_service_reads_on(services, name):
    job, job_id, phrase = BAD_JOBS[name]
    service = services()
    service.send(job)
    assert_failed(service.answer(), job_id, phrase)
    still_answers(service)


def test_a_job_with_limits_in_range_runs_after_refused_ones(services):
    service = services()
    service.send({"kind": "analyze", "id": 50, "source": SMALL, "limits": {"max_seconds": 1e300}})
    assert_failed(service.answer(), 50, "max_seconds")
    service.send({"kind": "analyze", "id": 51, "source": SMALL, "output": None, "v": None, "leaf": None,
                  "i": 0, "k": 0, "options": None, "limits": {"max_seconds": 5, "max_steps": 10_000}})
    kind, job_id, outcome = service.answer(STARTUP_SECONDS)
    assert (kind, job_id) == ("finished", 51), outcome
    assert outcome["run"]["error"] is None and outcome["analysis"]["backward"] == {"x": [2.0, 4.0]}


def test_a_length_past_the_bound_is_answered_and_ends_the_service_cleanly(tmp_path):
    service = Service(tmp_path / "stderr.log")
    try:
        service.send_raw(b"", header=0xFFFFFFF0)   # no body follows: waiting for one would hang
        assert_failed(service.answer(), None, "past the limit of 67,108,864 bytes; the service stops")
        assert service.answer() == END
        assert service.process.wait(10) == 0
    finally:
        service.close()


# --- frames, in process --------------------------------------------------------------------------
def test_read_frame_refuses_a_long_header_without_reading_the_body():
    for bound in (MAX_JOB_BYTES, MAX_ANSWER_BYTES):
        stream = io.BytesIO(struct.pack(">I", bound + 1) + b"x" * 100)
        with pytest.raises(FrameError) as caught:
            read_frame(stream, max_bytes=bound)
        assert not caught.value.in_sync and stream.tell() == 4


def test_a_body_that_is_no_plain_data_leaves_the_stream_in_sync():
    stream = io.BytesIO()
    for data in (pickle.dumps(os.system), pickle.dumps({"ok": [1, 2.5, "x", None, b"b", (True,)]})):
        stream.write(struct.pack(">I", len(data)) + data)
    stream.seek(0)
    with pytest.raises(FrameError, match="it names posix.system") as caught:
        read_frame(stream)
    assert caught.value.in_sync
    assert read_frame(stream) == {"ok": [1, 2.5, "x", None, b"b", (True,)]}
    with pytest.raises(EOFError):
        read_frame(stream)


def test_write_frame_refuses_a_message_past_the_bound_and_sends_nothing():
    stream = io.BytesIO()
    with pytest.raises(FrameError, match="past the limit of 100 bytes"):
        write_frame(stream, "x" * 200, max_bytes=100)
    assert stream.getvalue() == b""


def test_every_message_the_app_sends_is_plain_data_and_passes_the_schema():
    from desktop.worker import Job   # the app's own messages, as it builds them
    jobs = [Job("warmup"), Job("analyze", source=SMALL, output="out", v=[[1.0, 0.0]]), Job("analyze", v=2.0),
            Job("paths", leaf="x", i=1, k=0),
            Job("export", options={"format": "html", "filename": "a.py", "step": -1, "lang": "zh"})]
    for message in [job.message() for job in jobs] + [("cancel", 3), None]:
        decoded = loads(pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))
        assert decoded == message
        check_message(decoded)
    assert check_message(("cancel", 3)) == ("cancel", 3) and check_message(None) == ("end", None)
    with pytest.raises(MessageError):
        check_message(["cancel", 3])


def test_the_docstring_lists_every_field_of_the_schema():
    for name in list(JOB_FIELDS) + list(EXPORT_OPTIONS):
        assert f'"{name}"' in core.service.__doc__, name


# --- limits --------------------------------------------------------------------------------------
@pytest.mark.parametrize("fields", [{"max_seconds": 1e300}, {"max_seconds": float("nan")},
                                    {"max_seconds": float("inf")}, {"max_seconds": -1}, {"max_seconds": 0},
                                    {"max_steps": 10**20}, {"max_steps": 2.5}, {"max_steps": True},
                                    {"max_call_depth": "100"}])
def test_limits_refuse_what_no_limit_can_be(fields):
    with pytest.raises(LimitsError) as caught:
        Limits(**fields)
    name = next(iter(fields))
    assert str(caught.value).startswith(f"{name} must be ") and caught.value.name == name
    with pytest.raises(LimitsError):
        Limits.checked(**fields)


def test_limits_checked_names_an_unknown_limit_and_keeps_the_types():
    with pytest.raises(LimitsError, match="'max_bananas' is not a limit"):
        Limits.checked(max_bananas=1)
    limits = Limits.checked(max_seconds=5, max_steps=1000.0)
    assert limits.max_seconds == 5.0 and isinstance(limits.max_seconds, float)
    assert limits.max_steps == 1000 and isinstance(limits.max_steps, int)


def test_the_watchdog_survives_a_timeout_past_what_threads_can_wait():
    for seconds in (1e300, float("inf"), float("nan")):
        watchdog = _Watchdog(seconds)
        with watchdog:
            time.sleep(0.2)   # the timer thread raised OverflowError and died by now, when not clamped
            assert watchdog.timer.is_alive(), seconds


@pytest.mark.parametrize("option, value", [("--max-seconds", "1e300"), ("--max-seconds", "nan"),
                                           ("--max-seconds", "-1"), ("--max-seconds", "inf"),
                                           ("--max-steps", "1" + "0" * 20)])
def test_the_cli_refuses_a_limit_out_of_its_range(tmp_path, capsys, option, value):
    program = tmp_path / "program.py"
    program.write_text(SMALL, encoding="utf-8")
    code = main(["run", str(program), option, value, "--json"])
    err = capsys.readouterr().err
    assert code == 2 and "usage:" in err and "Traceback" not in err
    expected = ("expected a number of seconds between 0.01 and 86400" if option == "--max-seconds"
                else "expected a whole number between 1 and 1,000,000,000,000,000")
    assert f"argument {option}: {expected}, got {value!r}" in err


# --- the second wall in the app's analysis process (core.isolate's limits on the service itself) ------
def analyze(service, job_id, source, limits=None):
    service.send({"kind": "analyze", "id": job_id, "source": source, "limits": limits})
    kind, got_id, outcome = service.answer(60)
    assert (kind, got_id) == ("finished", job_id), outcome
    return outcome


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="rlimits are Linux's")
def test_the_service_keeps_the_memory_limit_and_goes_on(services):
    service = services()
    outcome = analyze(service, 60, "import torch\nkept = []\nfor i in range(40):\n"
                                   "    kept.append(torch.zeros(20_000_000))\n", {"max_memory_mb": 300})
    error = outcome["run"]["error"]
    assert (error["type"], error["line"]) == ("LimitExceeded", 4) and "300 MB of memory" in error["message"]
    assert analyze(service, 61, SMALL)["analysis"]["backward"] == {"x": [2.0, 4.0]}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="rlimits are Linux's")
def test_hashing_a_tuple_nested_400000_deep_does_not_kill_the_service(services):
    service = services()
    source = ("t = 0\nfor j in range(4):\n    for i in range(100000):\n        t = (t, 2)\n"
              "print(hash(t) == hash(t))\n")
    outcome = analyze(service, 62, source)
    assert outcome["run"]["error"] is None and outcome["run"]["stdout"] == "True\n"
    assert service.alive()


def test_an_analysis_past_its_budget_says_so(services):
    service = services()
    source = ("import torch\ntorch.manual_seed(0)\nx = torch.randn(40, requires_grad=True)\n"
              "W1 = torch.randn(40, 40, requires_grad=True)\nW2 = torch.randn(40, 40, requires_grad=True)\n"
              "W3 = torch.randn(40, 40, requires_grad=True)\n"
              "y = torch.tanh(W3 @ torch.tanh(W2 @ torch.tanh(W1 @ x)))\ny.sum().backward()\n")
    outcome = analyze(service, 63, source, {"max_seconds": 1, "max_analysis_seconds": 0.5})
    # the numeric verdict stands; the symbolic J, cut short by the whole budget, says so
    a = outcome["analysis"]
    assert outcome["run"]["error"] is None and outcome["note"] is None and outcome["seconds"] < 15
    assert a["stage"] == "complete" and a["verdict_basis"] == "numeric" and a["match"] is True
    symbolic = a["witnesses"]["symbolic"]
    assert symbolic["state"] == "over_budget" and symbolic["budget"]["rule"] == "analysis_deadline"
    assert "differentiating took over" in symbolic["note"] and symbolic["note"] in a["notes"]
    assert 0 <= symbolic["budget"]["limit"] <= 1.5 and symbolic["rows_done"] < symbolic["rows"]
    assert a["verdict_witnesses"] == ["spot_differences"] and a["jacobian"] == {}


def test_an_analysis_is_answered_numeric_first_then_whole(services):
    service = services()
    service.partials.clear()
    outcome = analyze(service, 64, SMALL)
    (kind, job_id, partial), = service.partials     # before the answer, and only one
    assert (kind, job_id) == ("partial", 64)
    first, last = partial["analysis"], outcome["analysis"]
    assert first["stage"] == "numeric" and last["stage"] == "complete"
    # the numeric verdict: the engine's backward beside the float64 differences; the symbolic J to come
    assert first["backward"] == last["backward"] == {"x": [2.0, 4.0]}
    assert first["jacobian"] == {} and first["trace"] == [] and first["match"] is True
    assert first["verdict_basis"] == "numeric" and first["verdict_witnesses"] == ["differences"]
    assert first["witnesses"]["symbolic"]["state"] == "pending"
    assert partial["run"] == outcome["run"] and partial["note"] is None
    assert last["jacobian"] == {"x": [2.0, 4.0]} and last["verdict_witnesses"] == ["symbolic"]
    assert last["witnesses"]["symbolic"]["state"] == "agree" and last["trace"]


# --- the differentiation analysed: call and iteration (issue 13) ----------------------------------
@pytest.mark.parametrize("name", ["call", "iteration"])
def test_call_and_iteration_are_whole_numbers_from_1_or_none(name):
    for value in (None, 1, 3, 10**6):
        assert check_message({"kind": "analyze", "id": 1, name: value})[0] == "job"
    for value in (0, -1, True, 2.0, "3", [1]):
        with pytest.raises(MessageError, match=f"'{name}' must be a whole number from 1 or None"):
            check_message({"kind": "analyze", "id": 1, name: value})


def test_the_app_sends_the_call_chosen_and_the_service_analyses_it(services):
    from desktop.worker import Job
    from tests.core.test_calls import LOOP      # 5 backward calls at line 5, autograd.grad at line 10
    message = Job("analyze", source=LOOP, call=1, iteration=3, id=70).message()
    assert (message["call"], message["iteration"]) == (1, 3) and check_message(message)[0] == "job"
    service = services()
    service.send(message)
    kind, job_id, outcome = service.answer(STARTUP_SECONDS)
    assert (kind, job_id) == ("finished", 70), outcome
    assert outcome["analysis"]["call"] == {"call": 3, "line": 5, "iteration": 3, "of": 5, "kind": "backward",
                                           "names": ["loss"]}
    assert outcome["analysis"]["calls_total"] == 6
    service.send(Job("analyze", source=LOOP, call=7, id=71).message())   # out of range: a note, not a failure
    kind, job_id, outcome = service.answer(STARTUP_SECONDS)
    assert (kind, job_id) == ("finished", 71) and outcome["analysis"] is None
    assert "choose a call from 1 to 6, not 7" in outcome["note"]
    service.send({"kind": "analyze", "id": 72, "source": LOOP, "iteration": 0})
    assert_failed(service.answer(), 72, "'iteration' must be a whole number from 1 or None")
    still_answers(service)
