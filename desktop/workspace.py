"""Workspaces: a program together with the output, v and backward step chosen
for it, in one file; and the recovery files that autosave keeps.

A workspace file (``.bplens``) is UTF-8 JSON::

    {"format": "backprop-lens-workspace", "version": 1,
     "program": "import torch\\n...",
     "output": "out" | null,            # null: the tensor the program differentiates
     "v": [[1.0, 0.0]] | 2.0 | null,    # null: the program's own v
     "step": -1,                        # the backward step shown; -1: before the first
     "view": {"splitters": [[560, 840], ...], "side_tab": 0}}   # how the window was laid out

:func:`parse_workspace` checks every field, its type and its range.  A file that
is not a workspace (not JSON, another format, a newer version, no program text)
raises :class:`WorkspaceError`, whose ``message`` is written for the user.  Any
other field that is wrong or missing is left out and the rest kept, the
program above all: a wrong ``output``, ``v`` or ``step`` becomes its default and
is named in ``Workspace.dropped`` (the window says so); a wrong ``view`` value
(a splitter size of 2**31, say) is ignored without a word, as the window's
layout is no one's work.  Keys this version does not know are ignored, so a
later version 1 may add some.

Only regular files are read (:func:`read_limited`): a folder, a pipe or a
device named ``x.bplens`` is refused before it is opened, and opened without
blocking (``O_NONBLOCK``) in case one is swapped in; at most
:data:`MAX_FILE_BYTES` are read.  :func:`write_atomically` writes through core's
one atomic writer (:func:`core.files.write_atomic`), so a failed save leaves the
old file as it was.

A recovery file is a workspace with one more key, ``"recovery"`` (the name the
work was shown under, the files it came from, when it was written).  Each window
writes its own under ``<data dir>/recovery/`` and holds a ``QLockFile`` beside
it while it lives; a recovery file whose lock is free (stale, or gone) belongs
to a session that did not close cleanly and is offered on the next start.  Its
fields are checked as a workspace's are (a ``saved_at`` that is no time in
this century is "unknown"); one that cannot be read at all is offered to be
discarded, never deleted unasked, and never stops the app from starting.
"""
from __future__ import annotations

import json
import math
import os
import stat
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLockFile, QSettings, QStandardPaths, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from core.files import OutputPathError, write_atomic

FORMAT = "backprop-lens-workspace"
VERSION = 1
SUFFIX = ".bplens"
MAX_FILE_BYTES = 16 * 1024 * 1024    # programs are a few kB; a bigger file is not one of ours
MAX_V_DIMS = 16
MAX_STEP = 1_000_000                 # far more backward steps than any program's limits allow
MAX_NAME_CHARS = 1000                # an output's or a document's name
MAX_PATH_CHARS = 4096
MAX_SPLITTERS, MAX_PANES, MAX_PANE_PIXELS = 16, 16, 100_000   # a view's splitters, and their sizes
MAX_SIDE_TAB = 100
# a recovery file's saved_at outside these (2000-01-01 .. 2100-01-01, UTC) is no time it was written
EARLIEST_SAVE, LATEST_SAVE = 946_684_800.0, 4_102_444_800.0
DATA_DIR_ENV = "BACKPROP_LENS_DATA_DIR"
RECENT_KEY = "workspace/recent_files"
MAX_RECENT = 8
_APP = "Backprop Lens"


class WorkspaceError(Exception):
    """A file that cannot be read or written as a workspace.

    ``message`` is the sentence for the user; ``kind`` says what went wrong:
    ``"unreadable"``, ``"corrupt"``, ``"not_workspace"``, ``"newer_version"``,
    ``"invalid"`` or ``"unwritable"``.
    """

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


@dataclass
class Workspace:
    program: str
    output: str | None = None
    v: list | float | int | None = None
    step: int = -1
    view: dict = field(default_factory=dict)
    # read from a file: what was wrong in it and left out, one phrase each ('"step" should be ...')
    dropped: list[str] = field(default_factory=list, compare=False, repr=False)

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "program": self.program, "output": self.output,
                "v": self.v, "step": self.step, "view": dict(self.view)}


# -- reading ------------------------------------------------------------------------------
def with_workspace_suffix(path: str) -> str:
    """``path`` ending in :data:`SUFFIX`: as it is when it does (in any case), else with it added,
    so a workspace never lands in a file named like a program ("x.py") or without a suffix.

    >>> with_workspace_suffix("/a/lesson"), with_workspace_suffix("/a/l.v2"), with_workspace_suffix("/a/x.BPLENS")
    ('/a/lesson.bplens', '/a/l.v2.bplens', '/a/x.BPLENS')
    """
    return path if path.lower().endswith(SUFFIX) else path + SUFFIX


def parse_workspace(data: bytes | str, file_name: str = "") -> Workspace:
    """The workspace in ``data`` (the bytes of a file called ``file_name``), checked."""
    obj = _parse_json(data, file_name)
    return _workspace_from(obj, file_name)


def _parse_json(data: bytes | str, file_name: str) -> dict:
    name = file_name or QCoreApplication.translate("Workspace", "The file")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise WorkspaceError("corrupt", QCoreApplication.translate(
                    "Workspace", "{0} is damaged: it is not UTF-8 text.").format(name)) from None

    def no_constants(token):  # NaN and Infinity are not JSON; Python's json would accept them
        raise ValueError(f"{token} is not a JSON number")
    try:
        obj = json.loads(data, parse_constant=no_constants)
    except (ValueError, RecursionError) as e:
        raise WorkspaceError("corrupt", QCoreApplication.translate(
                "Workspace", "{0} is damaged: it is not valid JSON ({1}).")
                             .format(name, _short(e))) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise WorkspaceError("not_workspace", QCoreApplication.translate(
                "Workspace", "{0} is not a Backprop Lens workspace.").format(name))
    return obj


def _workspace_from(obj: dict, file_name: str) -> Workspace:
    name = file_name or QCoreApplication.translate("Workspace", "The file")
    version = obj.get("version")
    if not _is_int(version) or version < 1:
        raise _invalid(name, "version", QCoreApplication.translate("Workspace", "a whole number from 1"))
    if version > VERSION:
        raise WorkspaceError("newer_version", QCoreApplication.translate("Workspace", 
            "{0} was made by a newer Backprop Lens (version {1}); this one reads version {2}. "
            "Update Backprop Lens to open it.").format(name, version, VERSION))
    if "program" not in obj:
        raise WorkspaceError("invalid", QCoreApplication.translate(
                "Workspace", '{0} is not a valid workspace: "{1}" is missing.').format(name, "program"))
    if not isinstance(obj["program"], str):
        raise _invalid(name, "program", QCoreApplication.translate("Workspace", "text"))
    # NOTE: from here on a wrong field is left out, never the whole file: the program is the user's work
    ws = Workspace(obj["program"], view=check_view(obj.get("view")))
    for key, ok, expected in (
            ("output", _is_name(obj.get("output"), MAX_NAME_CHARS) or obj.get("output") is None,
             QCoreApplication.translate("Workspace", "a tensor's name or null")),
            ("v", obj.get("v") is None or _is_v(obj.get("v"), 0),
             QCoreApplication.translate("Workspace", "a number or a nested list of numbers of one shape, or null")),
            ("step", _is_int(obj.get("step")) and -1 <= obj.get("step") <= MAX_STEP,
             QCoreApplication.translate("Workspace", "a whole number from -1 to {0}").format(MAX_STEP))):
        if key not in obj:
            ws.dropped.append(QCoreApplication.translate("Workspace", '"{0}" is missing').format(key))
        elif not ok:
            ws.dropped.append(QCoreApplication.translate("Workspace", '"{0}" should be {1}').format(key, expected))
        else:
            setattr(ws, key, obj[key])
    return ws


def check_view(view) -> dict:
    """The parts of a saved ``view`` that are right: ``splitters`` (at most :data:`MAX_SPLITTERS`
    lists of at most :data:`MAX_PANES` sizes, each a whole number from 0 below
    :data:`MAX_PANE_PIXELS`) and ``side_tab`` (a whole number from 0 to :data:`MAX_SIDE_TAB`);
    anything else, or a wrong value, is left out.

    >>> check_view({"splitters": [[560, 840]], "side_tab": 1, "zoom": 2})
    {'splitters': [[560, 840]], 'side_tab': 1}
    >>> check_view({"splitters": [[2 ** 31, 5]], "side_tab": True})
    {}
    """
    if not isinstance(view, dict):
        return {}
    checked = {}
    splitters = view.get("splitters")
    if isinstance(splitters, list) and len(splitters) <= MAX_SPLITTERS and all(
            isinstance(sizes, list) and len(sizes) <= MAX_PANES
            and all(_is_int(n) and 0 <= n < MAX_PANE_PIXELS for n in sizes) for sizes in splitters):
        checked["splitters"] = [list(sizes) for sizes in splitters]
    tab = view.get("side_tab")
    if _is_int(tab) and 0 <= tab <= MAX_SIDE_TAB:
        checked["side_tab"] = tab
    return checked


def _invalid(name: str, key: str, expected: str) -> WorkspaceError:
    return WorkspaceError("invalid", QCoreApplication.translate(
            "Workspace", '{0} is not a valid workspace: "{1}" should be {2}.')
                          .format(name, key, expected))


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_number(x) -> bool:
    """A finite number a float holds (JSON's 1e999 is inf; its 10**400 is an int no float holds)."""
    if isinstance(x, float):
        return math.isfinite(x)
    return _is_int(x) and abs(x) <= 2 ** 1023


def _is_name(x, limit: int) -> bool:
    """Text of 1 to ``limit`` characters without a NUL (which no file name or API takes)."""
    return isinstance(x, str) and 0 < len(x) <= limit and "\0" not in x


def _is_v(x, depth: int) -> bool:
    """A number, or a non-empty nested list of numbers whose siblings have one shape."""
    if _is_number(x):
        return True
    if not isinstance(x, list) or not x or depth >= MAX_V_DIMS:
        return False
    shape = _shape(x[0])
    return shape is not None and all(_is_v(item, depth + 1) and _shape(item) == shape for item in x)


def _shape(x) -> tuple | None:
    if _is_number(x):
        return ()
    if isinstance(x, list) and x:
        inner = _shape(x[0])
        return None if inner is None else (len(x),) + inner
    return None


def _short(error: Exception, limit: int = 120) -> str:
    text = str(error)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def read_limited(path: str | os.PathLike) -> bytes:
    """The bytes of ``path``; :class:`WorkspaceError` ("unreadable") when it cannot be read, is
    not a regular file (a folder, a pipe, a device) or is bigger than :data:`MAX_FILE_BYTES`."""
    path = Path(path)
    name = path.name or str(path)
    try:
        info = os.stat(path)     # through a symlink: the file it points at is the one read
    except (OSError, ValueError) as e:
        raise _unreadable(name, e) from None
    _check_regular(name, info)
    # NOTE: O_NONBLOCK, so that a pipe swapped in after the check cannot block the open; a regular
    # file reads as ever with it
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as e:
        raise _unreadable(name, e) from None
    with os.fdopen(fd, "rb") as f:
        try:
            _check_regular(name, os.fstat(f.fileno()))   # the file opened is the one checked
            data = f.read(MAX_FILE_BYTES + 1)
        except OSError as e:
            raise _unreadable(name, e) from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(name)
    return data


def _check_regular(name: str, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise WorkspaceError("unreadable", QCoreApplication.translate(
                "Workspace", "Cannot open {0}: it is a folder, not a file.").format(name))
    if not stat.S_ISREG(info.st_mode):
        raise WorkspaceError("unreadable", QCoreApplication.translate(
                "Workspace", "Cannot open {0}: it is not a regular file (it is a pipe, a "
                                               "socket or a device).").format(name))
    if info.st_size > MAX_FILE_BYTES:
        raise _too_large(name)


def _too_large(name: str) -> WorkspaceError:
    return WorkspaceError("unreadable", QCoreApplication.translate(
            "Workspace", "{0} is too large to open ({1} MB at most).")
                          .format(name, MAX_FILE_BYTES // (1024 * 1024)))


def _unreadable(name: str, error: Exception) -> WorkspaceError:
    why = getattr(error, "strerror", None) or error
    return WorkspaceError("unreadable", QCoreApplication.translate(
            "Workspace", "Cannot read {0}: {1}").format(name, why))


def load_workspace(path: str | os.PathLike) -> Workspace:
    """Read and check the workspace file at ``path``."""
    return parse_workspace(read_limited(path), Path(path).name)


def is_workspace_path(path: str | os.PathLike) -> bool:
    return Path(path).suffix.lower() == SUFFIX


def load_document(path: str | os.PathLike) -> Workspace | str:
    """A workspace file as a :class:`Workspace`, any other file as its program text."""
    data = read_limited(path)
    name = Path(path).name
    if is_workspace_path(path):
        return parse_workspace(data, name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise WorkspaceError("unreadable", QCoreApplication.translate(
                "Workspace", "{0} is not a program: it is not UTF-8 text.").format(name)) from None
    if text.lstrip().startswith("{") and f'"{FORMAT}"' in text:
        return parse_workspace(data, name)   # a workspace saved under another name
    return text


# -- writing ------------------------------------------------------------------------------
def workspace_bytes(workspace: Workspace, extra: dict | None = None) -> bytes:
    obj = workspace.to_json()
    obj.update(extra or {})
    # one key per line, each value on its line: readable, and diffs stay small
    lines = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, allow_nan=False)}"
             for key, value in obj.items()]
    # a lone surrogate (no UTF-8 for it) as its JSON escape, \ud800: it reads back as it was
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode("utf-8", "backslashreplace")


def save_workspace(path: str | os.PathLike, workspace: Workspace) -> None:
    """Write ``workspace`` to ``path`` atomically; :class:`WorkspaceError` if it cannot be written."""
    write_atomically(path, workspace_bytes(workspace))


def write_atomically(path: str | os.PathLike, data: bytes, private: bool = False) -> None:
    """Replace the file at ``path`` with ``data``, or leave it as it was.

    core's :func:`core.files.write_atomic` does the writing (through a symlink to
    the file it points at; the file and its folder flushed to disk); ``private``
    files are readable by the user only.  Raises :class:`WorkspaceError` ("unwritable").
    """
    try:
        write_atomic(path, data, private=private)
    except OutputPathError as e:
        # the file named is the one written: through a symlink, the file it points at
        name = Path(os.path.realpath(path)).name
        raise WorkspaceError("unwritable", QCoreApplication.translate(
                "Workspace", "Cannot write {0}: {1}").format(name, e.reason)) from None


# -- recent files -------------------------------------------------------------------------
def settings() -> QSettings:
    """The app's settings (the same store as desktop.appearance.settings)."""
    return QSettings(QCoreApplication.organizationName() or _APP, QCoreApplication.applicationName() or _APP)


def recent_files() -> list[str]:
    value = settings().value(RECENT_KEY, [])
    if isinstance(value, str):      # QSettings gives a one-item list back as a string
        value = [value]
    return [str(p) for p in (value or []) if p][:MAX_RECENT]


def _store_recent(paths: list[str]) -> None:
    s = settings()
    s.setValue(RECENT_KEY, paths[:MAX_RECENT])
    s.sync()


def add_recent_file(path: str | os.PathLike) -> list[str]:
    """Put ``path`` first in the recent files (at most :data:`MAX_RECENT`); the new list."""
    path = os.path.abspath(path)
    paths = [path] + [p for p in recent_files() if p != path]
    _store_recent(paths)
    return paths[:MAX_RECENT]


def remove_recent_file(path: str | os.PathLike) -> list[str]:
    path = os.path.abspath(path)
    paths = [p for p in recent_files() if p != path]
    _store_recent(paths)
    return paths


def clear_recent_files() -> None:
    _store_recent([])


# -- recovery -----------------------------------------------------------------------------
def data_directory() -> Path | None:
    """Where the app keeps its own files: $BACKPROP_LENS_DATA_DIR, else the platform's place."""
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else None


def recovery_directory() -> Path | None:
    base = data_directory()
    return base / "recovery" if base is not None else None


def _locker(path: Path) -> QLockFile:
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)   # stale only when its process is gone, however old the file is
    return lock


class RecoverySession:
    """One window's autosave file, and the lock that says its window is alive."""

    def __init__(self, directory: Path | None):
        self.directory = directory
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.id = f"{stamp}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._lock: QLockFile | None = None

    @property
    def path(self) -> Path | None:
        return self.directory / f"{self.id}{SUFFIX}" if self.directory is not None else None

    def save(self, workspace: Workspace, name: str, workspace_path: str | None,
             program_path: str | None) -> None:
        """Write the recovery file (atomically); :class:`WorkspaceError` if it cannot be."""
        if self.directory is None:
            return
        if self._lock is None:
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise WorkspaceError("unwritable", QCoreApplication.translate(
                        "Workspace", "Cannot write {0}: {1}").format(self.directory, e)) from None
            lock = _locker(self.directory / f"{self.id}.lock")
            if not lock.tryLock(0):
                raise WorkspaceError("unwritable", QCoreApplication.translate(
                        "Workspace", "Cannot write {0}: the lock file cannot be made.")
                                     .format(self.directory))
            self._lock = lock
        extra = {"recovery": {"name": name, "workspace_path": workspace_path, "program_path": program_path,
                              "saved_at": time.time()}}
        write_atomically(self.path, workspace_bytes(workspace, extra), private=True)

    def exists(self) -> bool:
        return self.path is not None and self.path.exists()

    def remove(self) -> None:
        """Delete the recovery file (the work was saved, or there is nothing unsaved)."""
        if self.path is not None:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                pass  # it will be offered next time, which loses nothing

    def close(self) -> None:
        """A clean end: no recovery file, no lock."""
        self.remove()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None


@dataclass
class Recovered:
    """Work a session left behind; this process holds its lock until it is handled.

    ``workspace`` is None when the file cannot be read (``problem`` says why): it can
    only be discarded, or kept for later.  ``saved_at`` is None when it is not known.
    """

    path: Path
    workspace: Workspace | None
    name: str
    workspace_path: str | None
    program_path: str | None
    saved_at: float | None
    lock: QLockFile
    problem: str | None = None

    def discard(self) -> None:
        """Delete the recovery file (the user chose to)."""
        try:
            self.path.unlink()
        except OSError:
            pass   # offered again next time, which loses nothing
        self.release()

    def release(self) -> None:
        """Let go of it, keeping the file: it is offered again on the next start."""
        self.lock.unlock()


def find_recoverable(directory: Path | None) -> list[Recovered]:
    """Recovery files of sessions that ended without closing: those that can be
    restored, newest first, then those that cannot be read.

    Each one's lock is taken, so two windows starting at once do not both offer
    it; a live session's file (its lock held) is left alone.  A file that cannot
    be read is offered too, to be discarded or kept (never deleted unasked: it
    might be someone's work); a folder is passed over.  Nothing here raises.
    """
    try:
        if directory is None or not directory.is_dir():
            return []
        paths = sorted(directory.glob(f"*{SUFFIX}"))
    except (OSError, ValueError):
        return []
    found = []
    for path in paths:
        try:
            if path.is_dir():
                continue
        except OSError:
            pass
        lock = _locker(path.with_suffix(".lock"))
        if not lock.tryLock(0):
            continue
        found.append(_recovered(path, lock))
    try:
        for lock_path in directory.glob("*.lock"):   # sessions that crashed before writing anything
            if not lock_path.with_suffix(SUFFIX).exists():
                lock = _locker(lock_path)
                if lock.tryLock(0):
                    lock.unlock()
    except OSError:
        pass
    found.sort(key=lambda r: (r.workspace is not None, r.saved_at or 0.0), reverse=True)
    return found


def _recovered(path: Path, lock: QLockFile) -> Recovered:
    """The recovery file at ``path``, read and checked; one that cannot be read, with why."""
    try:
        obj = _parse_json(read_limited(path), path.name)
        workspace = _workspace_from(obj, path.name)
    except WorkspaceError as e:
        return Recovered(path, None, path.name, None, None, _file_time(path), lock, e.message)
    except Exception as e:  # noqa: BLE001 - a file, whatever is in it, never stops the app starting
        return Recovered(path, None, path.name, None, None, _file_time(path), lock,
                         QCoreApplication.translate(
                                 "Workspace", "Cannot read {0}: {1}").format(path.name, f"{type(e).__name__}: {e}"))
    info = obj.get("recovery") if isinstance(obj.get("recovery"), dict) else {}
    saved_at = info.get("saved_at")
    return Recovered(
        path, workspace, info["name"] if _is_name(info.get("name"), MAX_NAME_CHARS) else path.stem,
        _path_or_none(info.get("workspace_path")), _path_or_none(info.get("program_path")),
        float(saved_at) if _is_time(saved_at) else _file_time(path), lock)


def _is_time(x) -> bool:
    """A time a recovery file can have been written at (seconds since 1970, in this century)."""
    return _is_number(x) and EARLIEST_SAVE <= x <= LATEST_SAVE


def _file_time(path: Path) -> float | None:
    """When ``path`` was last written, if that is a time it can have been; else None (unknown)."""
    try:
        mtime = os.stat(path).st_mtime
    except (OSError, ValueError):
        return None
    return mtime if _is_time(mtime) else None


def _path_or_none(value) -> str | None:
    """An absolute path of at most :data:`MAX_PATH_CHARS`; anything else is no path."""
    return value if _is_name(value, MAX_PATH_CHARS) and os.path.isabs(value) else None


def format_time(seconds: float | None) -> str | None:
    """``seconds`` (since 1970) as local "YYYY-MM-DD HH:MM"; None when it is None or no date."""
    if seconds is None:
        return None
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))
    except (OverflowError, OSError, ValueError):
        return None


class RecoveryBar(QFrame):
    """The offer to restore work from a session that did not close cleanly.

    Shown in the window, never modal: the user may go on working and answer
    later.  ``restoreRequested``, ``discardRequested``, ``laterRequested``.
    """

    restoreRequested = Signal()
    discardRequested = Signal()
    laterRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recovery-bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        self.message = QLabel(self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)   # a name from a file is never markup
        self.message.setWordWrap(True)
        self.message.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self.message.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.restore_button = QPushButton(self.tr("Restore"), self)
        self.restore_button.setToolTip(self.tr("Open the unsaved work in this window"))
        self.discard_button = QPushButton(self.tr("Discard"), self)
        self.discard_button.setToolTip(self.tr("Delete the unsaved work for good"))
        self.later_button = QPushButton(self.tr("Not now"), self)
        self.later_button.setToolTip(self.tr("Keep the unsaved work and ask again next time"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.message, 1)
        for button in (self.restore_button, self.discard_button, self.later_button):
            layout.addWidget(button)
        self.restore_button.clicked.connect(self.restoreRequested)
        self.discard_button.clicked.connect(self.discardRequested)
        self.later_button.clicked.connect(self.laterRequested)

    def offer(self, recovered: Recovered, more: int) -> None:
        when = format_time(recovered.saved_at)
        if recovered.workspace is None:
            text = self.tr("Backprop Lens did not close normally last time, and a file of unsaved work it kept "
                           "cannot be read: {0} Discard it, or keep it for now?").format(recovered.problem or "")
        elif when is None:
            text = self.tr("Backprop Lens did not close normally last time. Unsaved work on {0} was kept "
                           "(when it was saved is not known).").format(recovered.name)
        else:
            text = self.tr("Backprop Lens did not close normally last time. Unsaved work on {0} from {1} "
                           "was kept.").format(recovered.name, when)
        if more:
            text += " " + self.tr("({0} more after this one.)").format(more)
        self.restore_button.setVisible(recovered.workspace is not None)
        self.message.setText(text)
