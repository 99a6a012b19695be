"""Helpers for the desktop tests: a main window with its first analysis shown."""
from __future__ import annotations


def open_window(qtbot, source: str, v=None):
    """A 1440x900 MainWindow on ``source`` (v set first, when given), shown and analysed."""
    from desktop.main_window import MainWindow
    window = MainWindow(source, "program.py", autorun=False)
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    qtbot.waitExposed(window)
    if v is not None:
        window.state.set_v(v)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    return window
