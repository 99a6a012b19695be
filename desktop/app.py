"""Start the desktop app: one QApplication, one MainWindow."""

import errno
import os
import stat
import sys
from pathlib import Path

import resources


SCREENSHOT_SIZE = (1440, 900)


def run_app(program_path: str | os.PathLike | None = None,
            screenshot: str | os.PathLike | None = None, language: str | None = None, *,
            size: tuple[int, int] | None = None, presenter: bool = False, step: int | None = None,
            theme: str | None = None, lessons: bool = False, path: tuple | None = None) -> int:
    """Show the main window with ``program_path`` (default: the default lesson).

    ``language`` ("en", "zh_CN" or "system") overrides the saved choice for this run.

    With ``screenshot``, render the window offscreen to that PNG file instead of
    running the event loop, and return 0 (1 if the file cannot be written): at ``size``
    (default :data:`SCREENSHOT_SIZE`; offscreen, the screen is made that size too), in
    presenter mode when ``presenter``, stepped to ``step`` (-1: before the first step; default:
    the middle), in ``theme`` ("system", "light", "dark"; not kept for the next session), with the
    lesson browser shown when ``lessons`` (not kept either), and with ``path`` (leaf, row, column, n;
    0-based) the Paths tab listing the chain-rule paths of that entry of J and path n marked on the graph.
    Returns 2 when the program file cannot be read or ``step`` is not a step of the backward.
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
    size = tuple(size or SCREENSHOT_SIZE)
    if screenshot is not None and "QT_QPA_PLATFORM" not in os.environ:
        # Before the QApplication exists; an explicit choice still wins.  Offscreen, one screen of
        # the size asked for, so that presenter mode's full screen is that size too.
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen_config(size)}"

    from PySide6.QtWidgets import QApplication

    from desktop.main_window import MainWindow

    if screenshot is not None:
        _quiet_offscreen_warnings()
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "backprop-lens"])
    app.setApplicationName("Backprop Lens")
    from desktop.i18n import install as install_language
    install_language(language)   # builds the .qm first if it is missing or older than its .ts
    window = MainWindow(program_text, program_name, autorun=not workspace)
    if theme is not None:   # after the window, which applies the saved choice
        from desktop.appearance.theme import ThemeManager
        ThemeManager.instance().set_choice(theme, save=False)
    if workspace:
        window.open_path(program_path)
    if screenshot is None:
        window.show()
        return app.exec()
    if lessons:   # shown for the picture only: the user's choice (lessons_toggled keeps it) stays as it was
        window.lessons_action.toggled.disconnect(window.lessons_toggled)
        window.lessons_dock.setVisible(True)
    return _save_screenshot(app, window, Path(screenshot), size=size, presenter=presenter, step=step, path_of=path)


def _show_path(app, window, leaf: str, row: int, column: int, n: int, timeout_ms: int) -> bool:
    """The Paths tab listing the paths of J's entry ``row``, ``column`` of ``leaf``, path ``n`` marked on the
    graph (0-based); False, having said why, when there is no such leaf, entry or path."""
    from PySide6.QtCore import QEventLoop, QTimer
    leaves = (window.state.analysis or {}).get("leaves") or []
    if leaf not in leaves:
        print(f"backprop-lens: --path: no leaf {leaf!r} in this analysis (leaves: {', '.join(leaves) or 'none'})",
              file=sys.stderr)
        return False
    loop = QEventLoop()
    window.host.worker.pathsReady.connect(lambda *_: QTimer.singleShot(0, loop.quit))
    QTimer.singleShot(timeout_ms, loop.quit)
    window.show_paths_of(leaf, row, column)
    loop.exec()
    listed = window.listed_paths()
    if not window.show_path(n):
        where = f"entry {row + 1}, {column + 1} of {leaf}"
        print(f"backprop-lens: --path: {where} has {len(listed)} path{'s' * (len(listed) != 1)} listed, not path "
              f"{n + 1}" if listed is not None else f"backprop-lens: --path: no paths for {where} (is it an entry of "
              f"J?)", file=sys.stderr)
        return False
    return True


def _quiet_offscreen_warnings() -> None:
    """Drop the offscreen platform's notice that it cannot resize windows to their hints (it says
    so for every window, and means nothing for a picture); every other message goes on."""
    from PySide6.QtCore import qInstallMessageHandler
    previous = None

    def handler(kind, context, message):
        if "does not support propagateSizeHints" in message:
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            print(message, file=sys.stderr)
    previous = qInstallMessageHandler(handler)


def _screen_config(size: tuple[int, int]) -> str:
    """A file for Qt's offscreen platform: one screen of ``size`` at 96 dpi (removed at exit)."""
    import atexit
    import json
    import tempfile
    screen = {"name": "screenshot", "x": 0, "y": 0, "width": size[0], "height": size[1],
              "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    handle, path = tempfile.mkstemp(prefix="backprop-lens-screen-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as f:
        json.dump({"screens": [screen]}, f)
    atexit.register(lambda: os.path.exists(path) and os.remove(path))
    return path


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


def _save_screenshot(app, window, path: Path, *, size=SCREENSHOT_SIZE, presenter: bool = False,
                     step: int | None = None, timeout_ms: int = 30000, path_of: tuple | None = None) -> int:
    """Show the window (``size``, or presenter mode on the screen of that size when there is one),
    wait for its analysis, step to ``step`` (default: the middle of the backward pass), and grab it."""
    from PySide6.QtCore import QEventLoop, QTimer
    screen = next((s for s in app.screens() if (s.geometry().width(), s.geometry().height()) == tuple(size)),
                  app.primaryScreen())
    window.setScreen(screen)
    window.move(screen.geometry().topLeft())
    window.resize(*size)
    window.show()
    loop = QEventLoop()
    window.state.resultsChanged.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    if window.state.run is None:
        loop.exec()
    if presenter:
        window.set_presenter_mode(True)
    trace = window.state.trace or []
    if step is not None and not -1 <= step < len(trace):
        steps = f"steps 0 to {len(trace) - 1}, or -1 before the first" if trace else "no steps: only -1"
        print(f"backprop-lens: --step {step} is not a step of this backward ({steps})", file=sys.stderr)
        window.close()
        return 2
    if trace or step is not None:
        window.state.set_step(len(trace) // 2 if step is None else step)
    if path_of is not None and not _show_path(app, window, *path_of, timeout_ms=timeout_ms):
        window.close()
        return 2
    _settle(app)
    saved = window.grab().save(str(path), "PNG")
    if presenter:
        window.set_presenter_mode(False)
    window.close()
    if not saved:
        print(f"backprop-lens: cannot write the screenshot {path}", file=sys.stderr)
        return 1
    print(f"backprop-lens: wrote {path}")
    return 0
