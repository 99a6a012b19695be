"""Workspaces: a program together with the output, v and backward step chosen
for it, in one file; and the recovery files that autosave keeps.

A workspace file (``.bplens``) is UTF-8 JSON::

    {"format": "backprop-lens-workspace", "version": 1,
     "program": "import torch\\n...",
     "output": "out" | null,            # null: the tensor the program differentiates
     "v": [[1.0, 0.0]] | 2.0 | null,    # null: the program's own v
     "step": -1,                        # the backward step shown; -1: before the first
     "view": {"splitters": [[560, 840], ...], "side_tab": 0}}   # how the window was laid out

:func:`parse_workspace` checks every field and raises :class:`WorkspaceError`,
whose ``message`` is written for the user, on anything else.  Keys this version
does not know are ignored, so a later version 1 may add some.
:func:`write_atomically` writes through core's one atomic writer
(:func:`core.files.write_atomic`), so a failed save leaves the old file as it was.

A recovery file is a workspace with one more key, ``"recovery"`` (the name the
work was shown under, the files it came from, when it was written).  Each window
writes its own under ``<data dir>/recovery/`` and holds a ``QLockFile`` beside
it while it lives; a recovery file whose lock is free (stale, or gone) belongs
to a session that did not close cleanly and is offered on the next start.
"""
from __future__ import annotations

import json
import math
import os
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLockFile, QSettings, QStandardPaths, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from core.files import OutputPathError, write_atomic

FORMAT = "backprop-lens-workspace"
VERSION = 1
SUFFIX = ".bplens"
MAX_FILE_BYTES = 16 * 1024 * 1024    # programs are a few kB; a bigger file is not one of ours
MAX_V_DIMS = 16
DATA_DIR_ENV = "BACKPROP_LENS_DATA_DIR"
RECENT_KEY = "workspace/recent_files"
MAX_RECENT = 8
_APP = "Backprop Lens"


def _tr(text: str) -> str:
    return QCoreApplication.translate("Workspace", text)


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

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "program": self.program, "output": self.output,
                "v": self.v, "step": self.step, "view": dict(self.view)}


# -- reading ------------------------------------------------------------------------------
def parse_workspace(data: bytes | str, file_name: str = "") -> Workspace:
    """The workspace in ``data`` (the bytes of a file called ``file_name``), checked."""
    obj = _parse_json(data, file_name)
    return _workspace_from(obj, file_name)


def _parse_json(data: bytes | str, file_name: str) -> dict:
    name = file_name or _tr("The file")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise WorkspaceError("corrupt", _tr("{0} is damaged: it is not UTF-8 text.").format(name)) from None

    def no_constants(token):  # NaN and Infinity are not JSON; Python's json would accept them
        raise ValueError(f"{token} is not a JSON number")
    try:
        obj = json.loads(data, parse_constant=no_constants)
    except (ValueError, RecursionError) as e:
        raise WorkspaceError("corrupt", _tr("{0} is damaged: it is not valid JSON ({1}).")
                             .format(name, _short(e))) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise WorkspaceError("not_workspace", _tr("{0} is not a Backprop Lens workspace.").format(name))
    return obj


def _workspace_from(obj: dict, file_name: str) -> Workspace:
    name = file_name or _tr("The file")
    version = obj.get("version")
    if not _is_int(version) or version < 1:
        raise _invalid(name, "version", _tr("a whole number from 1"))
    if version > VERSION:
        raise WorkspaceError("newer_version", _tr(
            "{0} was made by a newer Backprop Lens (version {1}); this one reads version {2}. "
            "Update Backprop Lens to open it.").format(name, version, VERSION))
    for key in ("program", "output", "v", "step", "view"):
        if key not in obj:
            raise WorkspaceError("invalid", _tr('{0} is not a valid workspace: "{1}" is missing.').format(name, key))
    if not isinstance(obj["program"], str):
        raise _invalid(name, "program", _tr("text"))
    if obj["output"] is not None and not (isinstance(obj["output"], str) and obj["output"]):
        raise _invalid(name, "output", _tr("a tensor's name or null"))
    if obj["v"] is not None and not _is_v(obj["v"], 0):
        raise _invalid(name, "v", _tr("a number or a nested list of numbers of one shape, or null"))
    if not _is_int(obj["step"]) or obj["step"] < -1:
        raise _invalid(name, "step", _tr("a whole number from -1"))
    view = obj["view"]
    if not isinstance(view, dict):
        raise _invalid(name, "view", _tr("an object"))
    splitters = view.get("splitters")
    if splitters is not None and not (isinstance(splitters, list) and all(
            isinstance(s, list) and all(_is_int(n) and n >= 0 for n in s) for s in splitters)):
        raise _invalid(name, "view.splitters", _tr("lists of sizes in pixels"))
    if "side_tab" in view and not (_is_int(view["side_tab"]) and view["side_tab"] >= 0):
        raise _invalid(name, "view.side_tab", _tr("a whole number from 0"))
    return Workspace(obj["program"], obj["output"], obj["v"], obj["step"], dict(view))


def _invalid(name: str, key: str, expected: str) -> WorkspaceError:
    return WorkspaceError("invalid", _tr('{0} is not a valid workspace: "{1}" should be {2}.')
                          .format(name, key, expected))


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_number(x) -> bool:
    return (_is_int(x) or isinstance(x, float)) and math.isfinite(x)


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
    """The bytes of ``path``; :class:`WorkspaceError` when it cannot be read or is too big."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise WorkspaceError("unreadable", _tr("Cannot read {0}: {1}").format(path.name, e.strerror or e)) from None
    if len(data) > MAX_FILE_BYTES:
        raise WorkspaceError("unreadable", _tr("{0} is too large to open ({1} MB at most).")
                             .format(path.name, MAX_FILE_BYTES // (1024 * 1024)))
    return data


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
        raise WorkspaceError("unreadable", _tr("{0} is not a program: it is not UTF-8 text.").format(name)) from None
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
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode("utf-8")


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
        raise WorkspaceError("unwritable", _tr("Cannot write {0}: {1}").format(name, e.reason)) from None


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
                raise WorkspaceError("unwritable", _tr("Cannot write {0}: {1}").format(self.directory, e)) from None
            lock = _locker(self.directory / f"{self.id}.lock")
            if not lock.tryLock(0):
                raise WorkspaceError("unwritable", _tr("Cannot write {0}: the lock file cannot be made.")
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
    """Work a session left behind; this process holds its lock until it is handled."""

    path: Path
    workspace: Workspace
    name: str
    workspace_path: str | None
    program_path: str | None
    saved_at: float
    lock: QLockFile

    def discard(self) -> None:
        """Delete the recovery file (the user chose to)."""
        try:
            self.path.unlink()
        except OSError:
            pass
        self.release()

    def release(self) -> None:
        """Let go of it, keeping the file: it is offered again on the next start."""
        self.lock.unlock()


def find_recoverable(directory: Path | None) -> list[Recovered]:
    """Recovery files of sessions that ended without closing, newest first.

    Each one's lock is taken, so two windows starting at once do not both offer
    it; a live session's file (its lock held) is left alone.  Files that cannot
    be read are left on disk untouched (never delete what might be someone's work).
    """
    if directory is None or not directory.is_dir():
        return []
    found = []
    for path in sorted(directory.glob(f"*{SUFFIX}")):
        lock = _locker(path.with_suffix(".lock"))
        if not lock.tryLock(0):
            continue
        try:
            data = read_limited(path)
            obj = _parse_json(data, path.name)
            workspace = _workspace_from(obj, path.name)
            info = obj.get("recovery") if isinstance(obj.get("recovery"), dict) else {}
        except WorkspaceError:
            lock.unlock()
            continue
        found.append(Recovered(
            path, workspace, _str_or(info.get("name"), path.stem), _str_or(info.get("workspace_path"), None),
            _str_or(info.get("program_path"), None),
            info["saved_at"] if _is_number(info.get("saved_at")) else path.stat().st_mtime, lock))
    for lock_path in directory.glob("*.lock"):   # sessions that crashed before writing anything
        if not lock_path.with_suffix(SUFFIX).exists():
            lock = _locker(lock_path)
            if lock.tryLock(0):
                lock.unlock()
    found.sort(key=lambda r: r.saved_at, reverse=True)
    return found


def _str_or(value, default):
    return value if isinstance(value, str) and value else default


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
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(recovered.saved_at))
        text = self.tr("Backprop Lens did not close normally last time. Unsaved work on {0} from {1} "
                       "was kept.").format(recovered.name, when)
        if more:
            text += " " + self.tr("({0} more after this one.)").format(more)
        self.message.setText(text)
