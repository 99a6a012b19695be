import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

import resources
from desktop import launcher
from desktop.main_window import MainWindow


def test_main_window_opens_with_the_default_lesson_analysed(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.show()
        qtbot.waitExposed(window)
    assert window.windowTitle().endswith("Backprop Lens") and "01_blitz_mean" in window.windowTitle()
    assert window.editor.program() == resources.read_lesson(resources.DEFAULT_LESSON)
    assert not window.editor.isReadOnly()
    assert window.state.analysis is not None and window.state.analysis["match"]
    window.close()


def test_about_dialog_opens_without_blocking(qtbot):
    window = MainWindow(autorun=False)
    qtbot.addWidget(window)
    window.about_action.trigger()
    box = window.findChild(QMessageBox)
    assert box is not None and "Backprop Lens" in box.text()
    box.close()


def test_screenshot_writes_a_png(qapp, tmp_path):
    out = tmp_path / "x.png"
    assert launcher.main(["--screenshot", out]) == 0
    assert out.stat().st_size > 0
    image = QImage(str(out))
    assert not image.isNull() and image.width() > 100 and image.height() > 100


def test_screenshot_of_a_given_program(qapp, tmp_path):
    program = tmp_path / "prog.py"
    program.write_text("import torch\nx = torch.ones(3, requires_grad=True)\n", encoding="utf-8")
    out = tmp_path / "prog.png"
    assert launcher.main(["--program", program, "--screenshot", out]) == 0
    assert out.stat().st_size > 0


def test_missing_program_file_is_a_usage_error(qapp, tmp_path, capsys):
    assert launcher.main(["--program", tmp_path / "missing.py"]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["x.bplens", "x.py"])
def test_a_pipe_or_a_folder_given_as_the_program_is_refused_at_once(qapp, tmp_path, capsys, name):
    # a FIFO blocked the app's start forever (issue 14); a read of it must never be tried
    import os
    import threading
    fifo = tmp_path / name
    os.mkfifo(fifo)
    folder = tmp_path / "dir" / name
    folder.mkdir(parents=True)
    results = []
    worker = threading.Thread(target=lambda: results.extend(
        launcher.main(["--program", p, "--screenshot", tmp_path / "out.png"]) for p in (fifo, folder)), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():                  # unblock the reader so the test run goes on, and fail
        with open(fifo, "wb"):
            pass
        pytest.fail("the app blocked opening a pipe")
    assert results == [2, 2]
    err = capsys.readouterr().err
    assert "not a regular file" in err and "folder" in err
    assert not (tmp_path / "out.png").exists()
