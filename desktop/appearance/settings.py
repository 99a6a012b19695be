"""The preferences kept between sessions, with QSettings.

One table of keys and defaults.  :func:`store` writes only a value that differs
from what is stored (the default counting as stored), so merely opening and
closing a window never creates a settings file.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings

THEME = "appearance/theme"                       # "system", "light" or "dark"
PRESENTER_FONT_SCALE = "presenter/font_scale"    # fonts in presenter mode, times the normal size
LESSONS_VISIBLE = "lessons/visible"              # the lesson browser is shown
LAST_LESSON = "lessons/last"                     # the file name of the lesson opened last

DEFAULTS = {THEME: "system", PRESENTER_FONT_SCALE: 1.6, LESSONS_VISIBLE: True, LAST_LESSON: ""}
_APP = "Backprop Lens"


def settings() -> QSettings:
    """The app's settings (the application's organisation and name, else "Backprop Lens")."""
    return QSettings(QCoreApplication.organizationName() or _APP, QCoreApplication.applicationName() or _APP)


def load(key: str):
    """The stored value of ``key``, of its default's type (the default when unset or unreadable)."""
    default = DEFAULTS[key]
    try:
        value = settings().value(key, default, type=type(default))
    except (TypeError, ValueError):
        return default
    return default if value is None else value


def store(key: str, value) -> None:
    """Keep ``value`` for ``key`` (nothing is written when it is already the value)."""
    if load(key) != value:
        s = settings()
        s.setValue(key, value)
        s.sync()
