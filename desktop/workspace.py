"""Workspaces: a program together with the output, v and backward step chosen
for it, in one file (the file format; Qt-free).

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

This module is the file format and nothing else: it imports no Qt (a test
proves it), so the format can be read and written by any tool.  Its messages
for the user go through :func:`translate`, Qt's translation when the app has
loaded Qt.  The recovery files autosave keeps (:mod:`desktop.recovery`), the
recent files (:mod:`desktop.recent_files`) and the document that ties a window's
work to its file (:mod:`desktop.document`) are built on it.
"""
from __future__ import annotations

import json
import math
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

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


def translate(context: str, text: str) -> str:
    """``text`` in the UI's language once the app has loaded Qt (its translators are Qt's);
    as it is in a process without Qt (a tool, a test).  lupdate extracts these calls."""
    qt = sys.modules.get("PySide6.QtCore")
    return qt.QCoreApplication.translate(context, text) if qt is not None else text


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
    obj = parse_json(data, file_name)
    return workspace_from(obj, file_name)


def parse_json(data: bytes | str, file_name: str) -> dict:
    name = file_name or translate("Workspace", "The file")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise WorkspaceError("corrupt", translate(
                    "Workspace", "{0} is damaged: it is not UTF-8 text.").format(name)) from None

    def no_constants(token):  # NaN and Infinity are not JSON; Python's json would accept them
        raise ValueError(f"{token} is not a JSON number")
    try:
        obj = json.loads(data, parse_constant=no_constants)
    except (ValueError, RecursionError) as e:
        raise WorkspaceError("corrupt", translate(
                "Workspace", "{0} is damaged: it is not valid JSON ({1}).")
                             .format(name, _short(e))) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise WorkspaceError("not_workspace", translate(
                "Workspace", "{0} is not a Backprop Lens workspace.").format(name))
    return obj


def workspace_from(obj: dict, file_name: str) -> Workspace:
    name = file_name or translate("Workspace", "The file")
    version = obj.get("version")
    if not _is_int(version) or version < 1:
        raise _invalid(name, "version", translate("Workspace", "a whole number from 1"))
    if version > VERSION:
        raise WorkspaceError("newer_version", translate("Workspace", 
            "{0} was made by a newer Backprop Lens (version {1}); this one reads version {2}. "
            "Update Backprop Lens to open it.").format(name, version, VERSION))
    if "program" not in obj:
        raise WorkspaceError("invalid", translate(
                "Workspace", '{0} is not a valid workspace: "{1}" is missing.').format(name, "program"))
    if not isinstance(obj["program"], str):
        raise _invalid(name, "program", translate("Workspace", "text"))
    # NOTE: from here on a wrong field is left out, never the whole file: the program is the user's work
    ws = Workspace(obj["program"], view=check_view(obj.get("view")))
    for key, ok, expected in (
            ("output", is_name(obj.get("output"), MAX_NAME_CHARS) or obj.get("output") is None,
             translate("Workspace", "a tensor's name or null")),
            ("v", obj.get("v") is None or _is_v(obj.get("v"), 0),
             translate("Workspace", "a number or a nested list of numbers of one shape, or null")),
            ("step", _is_int(obj.get("step")) and -1 <= obj.get("step") <= MAX_STEP,
             translate("Workspace", "a whole number from -1 to {0}").format(MAX_STEP))):
        if key not in obj:
            ws.dropped.append(translate("Workspace", '"{0}" is missing').format(key))
        elif not ok:
            ws.dropped.append(translate("Workspace", '"{0}" should be {1}').format(key, expected))
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
    return WorkspaceError("invalid", translate(
            "Workspace", '{0} is not a valid workspace: "{1}" should be {2}.')
                          .format(name, key, expected))


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def is_number(x) -> bool:
    """A finite number a float holds (JSON's 1e999 is inf; its 10**400 is an int no float holds)."""
    if isinstance(x, float):
        return math.isfinite(x)
    return _is_int(x) and abs(x) <= 2 ** 1023


def is_name(x, limit: int) -> bool:
    """Text of 1 to ``limit`` characters without a NUL (which no file name or API takes)."""
    return isinstance(x, str) and 0 < len(x) <= limit and "\0" not in x


def _is_v(x, depth: int) -> bool:
    """A number, or a non-empty nested list of numbers whose siblings have one shape."""
    if is_number(x):
        return True
    if not isinstance(x, list) or not x or depth >= MAX_V_DIMS:
        return False
    shape = _shape(x[0])
    return shape is not None and all(_is_v(item, depth + 1) and _shape(item) == shape for item in x)


def _shape(x) -> tuple | None:
    if is_number(x):
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
        raise WorkspaceError("unreadable", translate(
                "Workspace", "Cannot open {0}: it is a folder, not a file.").format(name))
    if not stat.S_ISREG(info.st_mode):
        raise WorkspaceError("unreadable", translate(
                "Workspace", "Cannot open {0}: it is not a regular file (it is a pipe, a "
                                               "socket or a device).").format(name))
    if info.st_size > MAX_FILE_BYTES:
        raise _too_large(name)


def _too_large(name: str) -> WorkspaceError:
    return WorkspaceError("unreadable", translate(
            "Workspace", "{0} is too large to open ({1} MB at most).")
                          .format(name, MAX_FILE_BYTES // (1024 * 1024)))


def _unreadable(name: str, error: Exception) -> WorkspaceError:
    why = getattr(error, "strerror", None) or error
    return WorkspaceError("unreadable", translate(
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
        raise WorkspaceError("unreadable", translate(
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
        raise WorkspaceError("unwritable", translate(
                "Workspace", "Cannot write {0}: {1}").format(name, e.reason)) from None


