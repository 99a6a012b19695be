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
