"""Every recorded program behaves under core.torch as it did under PyTorch 2.13.

The expected stdout, error (type, message, line), warnings and every tensor's
value, grad, grad_fn, is_leaf and requires_grad come from the committed JSON
recorded with real PyTorch, so this runs without torch installed.  When torch
is installed, the live test also runs each program under real PyTorch here and
compares, so a stale recording cannot hide a difference.
"""
import importlib.util
import re

import pytest

from tests.oracle import case_paths, compare, load_expected, real_torch, run_case
from tests.recorded_programs import LIVE_BITS

CASES = case_paths()
HAVE_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")


def test_corpus_is_large():
    # the 24 tutorial examples plus the project's own recordings
    assert len(CASES) >= 100


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_matches_recorded_pytorch(path):
    diffs = compare(run_case(path), load_expected(path))
    assert not diffs, "\n".join(diffs)


@pytest.mark.skipif(not HAVE_TORCH, reason="real PyTorch is not installed; the recorded data was checked above")
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_matches_live_pytorch(path):
    live = run_case(path, backend=real_torch)
    ours = run_case(path)
    # the live run is a fresh recording: compare it like the committed one
    # warnings raised from PyTorch's C++ side are shown once per process, so a live run in a
    # shared process may not repeat them; the committed recordings (forked per case) check them
    cpp = "Triggered internally"
    expected = {"stdout": live["stdout"], "error": live["error"], "tensors": live["tensors"],
                "warnings": [w for w in live["warnings"] if cpp not in w["message"]]}
    ours["warnings"] = [w for w in ours["warnings"] if cpp not in w["message"]]
    recorded = load_expected(path)
    recorded["warnings"] = [w for w in recorded["warnings"] if cpp not in w["message"]]
    if not LIVE_BITS and compare(expected, recorded):
        # this CPU's PyTorch rounds float32 otherwise (tests.recorded_programs.NOT_THIS_CPU): the engine
        # was compared with the recording above; here PyTorch itself must differ from it only in digits
        number = re.compile(r"-?\d+(\.\d*)?(e[+-]?\d+)?")
        expected["stdout"], recorded["stdout"] = (number.sub("N", expected["stdout"]),
                                                  number.sub("N", recorded["stdout"]))
        diffs = compare(expected, recorded)
        assert all(re.match(r"[\w.]+\.(value|grad)\b", d) for d in diffs), "\n".join(diffs)
        return
    diffs = compare(ours, expected)
    assert not diffs, "\n".join(diffs)
