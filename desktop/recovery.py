"""Crash recovery: the file autosave keeps of a window's unsaved work, and the
work that sessions which did not close cleanly left behind.

A recovery file is a workspace (:mod:`desktop.workspace`) with one more key,
``"recovery"`` (the name the work was shown under, the files it came from, when
it was written).  Each window writes its own under ``<data dir>/recovery/`` and
holds a ``QLockFile`` beside it while it lives; a recovery file whose lock is
free (stale, or gone) belongs to a session that did not close cleanly and is
offered on the next start.  Its fields are checked as a workspace's are (a
``saved_at`` that is no time in this century is "unknown"); one that cannot be
read at all is offered to be discarded, never deleted unasked, and never stops
the app from starting.
"""
from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QStandardPaths

from desktop.workspace import (MAX_NAME_CHARS, MAX_PATH_CHARS, SUFFIX, Workspace, WorkspaceError, is_name,
                               is_number, parse_json, read_limited, translate, workspace_bytes, workspace_from,
                               write_atomically)

DATA_DIR_ENV = "BACKPROP_LENS_DATA_DIR"
# a recovery file's saved_at outside these (2000-01-01 .. 2100-01-01, UTC) is no time it was written
EARLIEST_SAVE, LATEST_SAVE = 946_684_800.0, 4_102_444_800.0


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
                raise WorkspaceError("unwritable", translate(
                        "Workspace", "Cannot write {0}: {1}").format(self.directory, e)) from None
            lock = _locker(self.directory / f"{self.id}.lock")
            if not lock.tryLock(0):
                raise WorkspaceError("unwritable", translate(
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
        obj = parse_json(read_limited(path), path.name)
        workspace = workspace_from(obj, path.name)
    except WorkspaceError as e:
        return Recovered(path, None, path.name, None, None, _file_time(path), lock, e.message)
    except Exception as e:  # noqa: BLE001 - a file, whatever is in it, never stops the app starting
        return Recovered(path, None, path.name, None, None, _file_time(path), lock,
                         translate(
                                 "Workspace", "Cannot read {0}: {1}").format(path.name, f"{type(e).__name__}: {e}"))
    info = obj.get("recovery") if isinstance(obj.get("recovery"), dict) else {}
    saved_at = info.get("saved_at")
    return Recovered(
        path, workspace, info["name"] if is_name(info.get("name"), MAX_NAME_CHARS) else path.stem,
        _path_or_none(info.get("workspace_path")), _path_or_none(info.get("program_path")),
        float(saved_at) if _is_time(saved_at) else _file_time(path), lock)


def _is_time(x) -> bool:
    """A time a recovery file can have been written at (seconds since 1970, in this century)."""
    return is_number(x) and EARLIEST_SAVE <= x <= LATEST_SAVE


def _file_time(path: Path) -> float | None:
    """When ``path`` was last written, if that is a time it can have been; else None (unknown)."""
    try:
        mtime = os.stat(path).st_mtime
    except (OSError, ValueError):
        return None
    return mtime if _is_time(mtime) else None


def _path_or_none(value) -> str | None:
    """An absolute path of at most :data:`MAX_PATH_CHARS`; anything else is no path."""
    return value if is_name(value, MAX_PATH_CHARS) and os.path.isabs(value) else None


def format_time(seconds: float | None) -> str | None:
    """``seconds`` (since 1970) as local "YYYY-MM-DD HH:MM"; None when it is None or no date."""
    if seconds is None:
        return None
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))
    except (OverflowError, OSError, ValueError):
        return None
