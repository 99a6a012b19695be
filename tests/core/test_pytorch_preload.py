"""Waiting for torch being imported beside an analysis (core.analysis.pytorch.loaded(wait)): the app's
service imports torch in a thread while its first analysis runs; an analysis busy with symbols slowed
that import past its end, and the app then ran the whole analysis again to add the PyTorch witness
(6 s of symbolic work twice for two tanh layers of 30x30).  The analysis now waits for the import at its
end, for as long as it has itself taken (up to PYTORCH_WAIT)."""
from __future__ import annotations

import threading
import time

import pytest

from core.analysis import analysis as analysis_module
from core.analysis import pytorch


@pytest.fixture
def import_under_way(monkeypatch):
    """A preload begun, not ended: events of this test's own."""
    for name in ("_loaded", "_preloading", "_preloaded"):
        monkeypatch.setattr(pytorch, name, threading.Event())
    pytorch._preloading.set()
    yield


def finish_import_after(seconds: float, found: bool = True):
    def done():
        time.sleep(seconds)
        if found:
            pytorch._loaded.set()
        pytorch._preloaded.set()
    threading.Thread(target=done, daemon=True).start()


def test_loaded_waits_for_an_import_under_way(import_under_way):
    assert pytorch.loaded() is False                 # no wait: as it is now
    finish_import_after(0.2)
    assert pytorch.loaded(wait=10.0) is True


def test_loaded_stops_waiting_when_the_import_finds_no_torch(import_under_way):
    finish_import_after(0.1, found=False)
    start = time.monotonic()
    assert pytorch.loaded(wait=10.0) is False
    assert time.monotonic() - start < 5.0


def test_loaded_does_not_wait_without_a_preload(monkeypatch):
    for name in ("_loaded", "_preloading", "_preloaded"):
        monkeypatch.setattr(pytorch, name, threading.Event())
    start = time.monotonic()
    assert pytorch.loaded(wait=10.0) is False
    assert time.monotonic() - start < 5.0


def test_the_analysis_waits_at_its_end_as_long_as_it_has_taken(monkeypatch):
    asked = []
    monkeypatch.setattr(pytorch, "loaded", lambda wait=0.0: asked.append(wait) or False)
    from core.analysis.pipeline import analyse_source
    a = analyse_source("import torch\nx = torch.tensor([1., 2.], requires_grad=True)\n(x * x).sum().backward()\n",
                       pytorch="loaded").analysis
    assert a.pytorch is None and len(asked) == 1
    assert 0.0 < asked[0] <= analysis_module.PYTORCH_WAIT
