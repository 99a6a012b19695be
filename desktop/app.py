"""Start the desktop app: one QApplication, one MainWindow."""

import errno
import os
import stat
import sys
from pathlib import Path

import resources


def run_app(program_path: str | os.PathLike | None = None,
            screenshot: str | os.PathLike | None = None, language: str | None = None) -> int:
    """Show the main window with ``program_path`` (default: the default lesson).

    ``language`` ("en", "zh_CN" or "system") overrides the saved choice for this run.

    With ``screenshot``, render the window offscreen to that PNG file instead of
    running the event loop, and return 0 (1 if the file cannot be written).
    Returns 2 when the program file cannot be read.
    """
    workspace = program_path is not None and str(program_path).endswith(".bplens")
    try:
        if workspace:  # opened by the window (output, v and step too), after a check that it is there
            _check_regular(program_path)
            program_text, program_name = None, None
        else:
            program_text, program_name = _load_program(program_path)
    except (OSError, UnicodeDecodeError) as error:
        print(f"backprop-lens: cannot read {program_path}: {error}", file=sys.stderr)
        return 2
    if screenshot is not None:
        # Must be set before the QApplication exists; an explicit choice still wins.
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtWidgets import QApplication

    from desktop.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "backprop-lens"])
    app.setApplicationName("Backprop Lens")
    from desktop.i18n import install as install_language
    install_language(language)   # builds the .qm first if it is missing or older than its .ts
    window = MainWindow(program_text, program_name, autorun=not workspace)
    if workspace:
        window.open_path(program_path)
    if screenshot is None:
        window.show()
        return app.exec()
    return _save_screenshot(app, window, Path(screenshot))


def _settle(app, timeout_s: float = 15.0):
    """Process events until the formulas being typeset have arrived (or a timeout)."""
    import time
    from desktop.results.math_view import MathRenderer
    renderer = MathRenderer.instance()
    deadline = time.monotonic() + timeout_s
    app.processEvents()
    while renderer.pending() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.02)
    for _ in range(5):
        app.processEvents()  # the pictures, then the layouts they change


def _load_program(program_path: str | os.PathLike | None) -> tuple[str, str]:
    if program_path is None:
        return resources.read_lesson(resources.DEFAULT_LESSON), resources.DEFAULT_LESSON
    path = Path(program_path)
    _check_regular(path)
    return path.read_text(encoding="utf-8"), path.name


def _check_regular(path) -> None:
    """Raise OSError unless ``path`` is a regular file: a pipe would block the read forever."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise OSError(errno.EISDIR, "it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "it is not a regular file (it is a pipe, a socket or a device)")


def _save_screenshot(app, window, path: Path, timeout_ms: int = 30000) -> int:
    """Show the window, wait for its analysis, step to the middle of the
    backward pass, and grab it."""
    from PySide6.QtCore import QEventLoop, QTimer
    window.resize(1440, 900)
    window.show()
    loop = QEventLoop()
    window.state.resultsChanged.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    if window.state.run is None:
        loop.exec()
    trace = window.state.trace
    if trace:
        window.state.set_step(len(trace) // 2)
    _settle(app)
    saved = window.grab().save(str(path), "PNG")
    window.close()
    if not saved:
        print(f"backprop-lens: cannot write the screenshot {path}", file=sys.stderr)
        return 1
    print(f"backprop-lens: wrote {path}")
    return 0
