"""File ▸ Open Recent: the files last opened or saved, newest first, kept in the app's settings."""
from __future__ import annotations

import os

from PySide6.QtCore import QCoreApplication, QSettings

RECENT_KEY = "workspace/recent_files"
MAX_RECENT = 8
_APP = "Backprop Lens"


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
