"""The window states the fourth witness once real PyTorch has loaded in its analysis process."""
import importlib.util

import pytest

from desktop.main_window import MainWindow

pytestmark = pytest.mark.skipif(importlib.util.find_spec("torch") is None,
                                reason="real PyTorch is not installed (the witness is tested in core with "
                                       "recorded outputs)")

PROGRAM = ("import torch\nx = torch.tensor([1., 2., 3.], requires_grad=True)\n"
           "out = (x * x).sum()\nout.backward()\n")


def test_real_pytorch_witness_appears_after_it_loads(qtbot, monkeypatch):
    monkeypatch.setenv("BACKPROP_LENS_PYTORCH", "on")  # the analysis process reads it when it starts
    w = MainWindow(PROGRAM, autorun=False)
    qtbot.addWidget(w)
    w.show()
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.run_analysis()
    first = w.state.analysis.get("pytorch")
    if first is None:   # it came before torch had loaded: no claim, and the window re-runs by itself later
        assert w.results.pytorch_label is None
        w.state.set_step(1)
    qtbot.waitUntil(lambda: (w.state.analysis or {}).get("pytorch") is not None, timeout=90000)
    witness = w.state.analysis["pytorch"]
    assert witness["match"] is True and witness["version"] == "2.13.0"
    assert "2.13.0" in w.results.pytorch_label.text()
    if first is None:
        qtbot.waitUntil(lambda: w.state.step == 1, timeout=5000)   # the step shown was kept
    w.close()
