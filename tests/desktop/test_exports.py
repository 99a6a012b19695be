"""The Export menu: each export is produced from the latest analysis and written atomically."""
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from desktop.main_window import MainWindow

PROGRAM = (Path(__file__).resolve().parents[1] / "data" / "examples" / "seed_11_jacobian_index_assign.py").read_text()


@pytest.fixture
def window(qtbot):
    w = MainWindow(PROGRAM, autorun=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.run_analysis()
    yield w
    w.close()


def export(qtbot, w, fmt, path):
    with qtbot.waitSignal(w.exporter.exported, timeout=60000) as blocker:
        w.exporter.export_to(fmt, str(path))
    assert blocker.args == [fmt, str(path)]
    return Path(path)


def test_menu_lists_every_export(window):
    texts = [a.text() for a in window.exporter.menu.actions()]
    assert len(texts) == 5 and window.exporter.actions["html"].shortcut().toString() == "Ctrl+E"


def test_each_export_is_written_with_the_analysis_numbers(qtbot, window, tmp_path):
    a = window.state.analysis
    html = export(qtbot, window, "html", tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<svg" in html and "CopySlices" in html and "http://" not in html
    for row in a["vjp"]["x"]:
        for value in row:
            assert f">{value:g}<" in html
    tex = export(qtbot, window, "latex", tmp_path / "j.tex").read_text(encoding="utf-8")
    assert "\\begin{bmatrix}" in tex and "96" in tex and "98" in tex
    script = export(qtbot, window, "script", tmp_path / "again.py").read_text(encoding="utf-8")
    assert script == a["pytorch_script"] and "out.backward(v)" in script
    svg = ET.fromstring(export(qtbot, window, "svg", tmp_path / "g.svg").read_text(encoding="utf-8"))
    assert svg.tag.endswith("svg")
    png = QImage(str(export(qtbot, window, "png", tmp_path / "g.png")))
    assert not png.isNull() and png.width() > 100 and png.height() > 100
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.py", "g.png", "g.svg", "j.tex", "r.html"]


def test_an_unwritable_place_is_reported_and_nothing_is_left(qtbot, window, tmp_path):
    target = tmp_path / "missing" / "r.html"
    with qtbot.waitSignal(window.exporter.failed, timeout=60000) as blocker:
        window.exporter.export_to("html", str(target))
    assert blocker.args[0] == "html" and str(target) in blocker.args[1]
    assert window.exporter.last_message is not None and window.exporter.last_message.isVisible()
    assert not target.exists() and not (tmp_path / "missing").exists()


def test_a_failed_write_keeps_the_old_file(qtbot, window, tmp_path, monkeypatch):
    target = tmp_path / "g.png"
    target.write_bytes(b"old")

    class FullDisk:
        def __init__(self, device, fmt):
            self.device = device

        def write(self, image):
            self.device.write(b"half a picture")
            return False

        def errorString(self):
            return "no space left on device"
    monkeypatch.setattr("desktop.exports.QImageWriter", FullDisk)
    with qtbot.waitSignal(window.exporter.failed, timeout=10000) as blocker:
        window.exporter.export_to("png", str(target))
    assert "no space left" in blocker.args[1]
    assert target.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["g.png"]


def test_nothing_to_export_before_an_analysis(qtbot):
    w = MainWindow("import torch\n", autorun=False)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.exporter.failed, timeout=5000) as blocker:
        w.exporter.ask("html")
    assert "nothing to export" in blocker.args[1]
    w.close()


def test_an_export_through_a_symlink_writes_the_target_and_keeps_the_link(qtbot, window, tmp_path):
    # the same writer as workspaces (core.files.write_atomic): the link stays a link
    (tmp_path / "reports").mkdir()
    real = tmp_path / "reports" / "r.py"
    real.write_text("old")
    link = tmp_path / "latest.py"
    link.symlink_to(real)
    export(qtbot, window, "script", link)
    assert link.is_symlink() and "import torch" in real.read_text()


# a lone surrogate: text Python holds and UTF-8 cannot (the program's own text is plain ASCII)
SURROGATE_PROGRAM = ('import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = x * x\n'
                     'print("\\ud800")\ny = out.sum()\n')


def status(w) -> str:
    return w.statusBar().currentMessage()


def test_a_program_that_prints_a_lone_surrogate_is_exported_in_every_format(qtbot, tmp_path):
    w = MainWindow(SURROGATE_PROGRAM, autorun=False)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.run_analysis()
    assert w.state.run["stdout"] == "\ud800\n" and w.state.analysis is not None
    for fmt, name in (("html", "r.html"), ("latex", "j.tex"), ("script", "s.py"), ("svg", "g.svg")):
        # before: UnicodeEncodeError inside the slot, no file, and "Exporting to ..." for good
        text = export(qtbot, w, fmt, tmp_path / name).read_text(encoding="utf-8")
        assert text and not status(w).startswith("Exporting")
        if fmt == "html":
            assert "<pre>\\ud800\n</pre>" in text      # shown as Python's repr shows it
    w.close()


def test_an_export_that_fails_in_any_way_says_so_and_the_status_moves_on(qtbot, window, tmp_path, monkeypatch):
    def broken(path, data):
        raise RuntimeError("something unforeseen")
    monkeypatch.setattr("desktop.exports.write_atomic", broken)
    target = tmp_path / "r.html"
    with qtbot.waitSignal(window.exporter.failed, timeout=60000) as blocker:
        window.exporter.export_to("html", str(target))
    assert blocker.args[0] == "html" and "something unforeseen" in blocker.args[1] and str(target) in blocker.args[1]
    assert window.exporter.last_message.isVisible() and "something unforeseen" in window.exporter.last_message.text()
    assert not status(window).startswith("Exporting") and not target.exists()
    window.exporter.last_message.close()


def test_an_export_the_analysis_process_fails_is_reported(qtbot, window, tmp_path):
    window.exporter.export_to("latex", str(tmp_path / "j.tex"))
    [job_id] = window.exporter._pending
    assert status(window).startswith("Exporting")
    with qtbot.waitSignal(window.exporter.failed, timeout=5000) as blocker:
        window.host.worker.failed.emit(job_id, "Traceback (most recent call last): ...")
    assert "failed inside Backprop Lens" in blocker.args[1]
    assert window.exporter.last_message.detailedText().startswith("Traceback")
    assert not status(window).startswith("Exporting")
    window.exporter.last_message.close()
    qtbot.wait(200)     # its real answer, if it comes, is for a job no longer waited for


# two tanh layers of 30x30 weights: the service spends seconds on their symbolic J, so jobs queue behind it
SLOW = ("import torch\ntorch.manual_seed(0)\nW1 = torch.randn(30, 30, requires_grad=True)\n"
        "W2 = torch.randn(30, 30, requires_grad=True)\nx = torch.randn(30)\n"
        "out = torch.tanh(W2 @ torch.tanh(W1 @ x))\nout.backward(torch.ones(30))\n")


def test_every_job_waiting_fails_when_the_analysis_process_dies(qtbot, window, tmp_path):
    from desktop.results.math_render import MathRenderer
    # NOTE: the fixture's formulas first: their thread's first `import ziamath` can crash the
    # interpreter (PySide's import hook) while this thread is busy; seen once in 8 runs without it
    qtbot.waitUntil(lambda: MathRenderer.instance().pending() == 0, timeout=30000)
    window.editor.set_program(SLOW)
    # NOTE: `as started` keeps the blocker alive to the end of the test: progress signals already
    # queued for its slot when it disconnects were seen to reach it after it was freed (its memory
    # reused by a Job: "'Job' object has no attribute 'check_params_callback'", or a crash)
    with qtbot.waitSignal(window.host.worker.progress, timeout=30000) as started:
        window.run_analysis()                     # the service is busy with it ...
    analysis_id = window.runner.job_id
    target = tmp_path / "j.tex"
    window.exporter.export_to("latex", str(target))               # ... so these wait behind it
    [export_id] = window.exporter._pending
    window._entry_activated("W1", 0, 0)
    paths_id = window._paths_job
    assert status(window).startswith("Exporting")
    failed = []
    window.host.worker.failed.connect(lambda job_id, why: failed.append(job_id))
    with qtbot.waitSignal(window.exporter.failed, timeout=10000) as blocker:
        window.host._process.kill()
    qtbot.waitUntil(lambda: {analysis_id, export_id, paths_id} <= set(failed), timeout=5000)
    assert blocker.args[0] == "latex" and "failed inside Backprop Lens" in blocker.args[1]
    assert "stopped unexpectedly" in window.exporter.last_message.detailedText()
    assert not status(window).startswith("Exporting") and not target.exists()
    assert not window.state.busy and window.exporter._pending == {}
    window.exporter.last_message.close()
    # the next jobs run on a new process, and each fails at most once
    window.editor.set_program(PROGRAM)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    assert window.state.analysis is not None and started.signal_triggered
    export(qtbot, window, "latex", target)
    assert len(failed) == len(set(failed))
    # a cancelled analysis that would not stop: its process is restarted, and the export behind it fails too
    window.editor.set_program(SLOW)
    with qtbot.waitSignal(window.host.worker.progress, timeout=30000) as started_again:  # kept: see above
        window.run_analysis()
    window.exporter.export_to("script", str(tmp_path / "s.py"))
    with qtbot.waitSignal(window.exporter.failed, timeout=10000) as blocker:
        window.cancel_analysis()
        window.host._kill_if_stuck()              # what the kill timer does after KILL_AFTER_MS
    assert "lost with it" in window.exporter.last_message.detailedText()
    assert not status(window).startswith("Exporting") and window.exporter._pending == {}
    assert started_again.signal_triggered
    window.exporter.last_message.close()
