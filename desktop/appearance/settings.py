"""The preferences kept between sessions, with QSettings.

One table of keys and defaults.  :func:`store` writes only a value that differs
from what is stored (the default counting as stored), so merely opening and
closing a window never creates a settings file.

The limits of a run (Settings > Limits) are the one group of keys not in the
table: one key per limit of core's :class:`~core.interp.limits.Limits`
(``limits/max_seconds``), declared there with its default and range, and
checked by core when read and written.
"""
from __future__ import annotations

from dataclasses import fields

from PySide6.QtCore import QCoreApplication, QSettings

from core.interp.limits import Limits, LimitsError

THEME = "appearance/theme"                       # "system", "light" or "dark"
TEXT_SCALE = "appearance/text_scale"             # text outside presenter mode, times the normal size
PRESENTER_FONT_SCALE = "presenter/font_scale"    # fonts in presenter mode, times the normal size
LESSONS_VISIBLE = "lessons/visible"              # the lesson browser is shown
LAST_LESSON = "lessons/last"                     # the file name of the lesson opened last
WINDOW_GEOMETRY = "window/geometry"              # "x,y,width,height" of the window (not maximised), or ""
WINDOW_MAXIMIZED = "window/maximized"            # the window was maximised when it closed
WINDOW_SPLITTERS = "window/splitters"            # the dividers' sizes, as JSON lists of pixels, or ""

LIMITS = "limits/"                               # + a limit's field: the value chosen for it (unset: core's default)

DEFAULTS = {THEME: "system", TEXT_SCALE: 1.0, PRESENTER_FONT_SCALE: 1.6, LESSONS_VISIBLE: True, LAST_LESSON: "",
            WINDOW_GEOMETRY: "", WINDOW_MAXIMIZED: False, WINDOW_SPLITTERS: ""}
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


def _limit_fields():
    limits = set(Limits.names())
    return [f for f in fields(Limits) if f.name in limits]


def _stored_number(raw):
    """A value as QSettings read it: a number, or the text of one (an INI file read back)."""
    if isinstance(raw, str):
        for parse in (int, float):
            try:
                return parse(raw.strip())
            except ValueError:
                pass
    return raw


def load_limits() -> dict:
    """The limits chosen in Settings > Limits that differ from core's defaults (field -> value),
    as ``Job.limits`` takes them.  A stored value core refuses (out of its range, not a number:
    a hand-edited file) is ignored, so that limit keeps its default."""
    s, chosen = settings(), {}
    for f in _limit_fields():
        raw = s.value(LIMITS + f.name)
        if raw is None:
            continue
        try:
            value = Limits.checked_value(f.name, _stored_number(raw))
        except LimitsError:
            continue
        if value != f.default:
            chosen[f.name] = value
    return chosen


def store_limits(values: dict) -> None:
    """Keep the limits ``values`` (field -> value; a limit left out is at its default), each
    checked by core first (:class:`~core.interp.limits.LimitsError`, and nothing written, for a
    value out of range or an unknown name).  A limit at its default has no key, so it follows
    core's default; nothing is written when nothing changes."""
    checked = Limits.checked(**values)
    s, changed = settings(), False
    for f in _limit_fields():
        key, value = LIMITS + f.name, getattr(checked, f.name)
        if value == f.default:
            if s.contains(key):
                s.remove(key)
                changed = True
        elif _stored_number(s.value(key)) != value:
            s.setValue(key, value)
            changed = True
    if changed:
        s.sync()
