"""Writing a file so that it is either wholly the new one or still the old one.

Every file Backprop Lens writes (the command line's reports and scripts, the
desktop's workspaces, programs and recovery files) goes through
:func:`write_atomic`.  It first checks the place (:func:`check_writable`, which
the command line also calls before a long run, so a typo in the folder is
reported at once), then writes the bytes to a new file beside the target,
flushes them to disk, renames that file over the target (``os.replace``) and
flushes the folder too, so that the rename itself survives a crash.  A reader
therefore sees the old file or the new one, never half of one, and a failed
write leaves the old file as it was with no temporary file behind.

When the target is a symbolic link, the file it points at is replaced and the
link stays a link.  The new file keeps the old one's permissions (a new file
gets the usual ones, 0o666 less the umask), except that a ``private`` file is
readable and writable by its owner only (0o600), as the desktop's recovery
files, which may hold unsaved work, are.

Text is encoded with ``errors="backslashreplace"``: a character the encoding
cannot hold (with UTF-8, only a lone surrogate such as ``"\\ud800"``, which a
Python string may carry, e.g. from a program's ``print("\\ud800")``) is written
as Python's repr shows it, ``\\ud800``, so no text ever makes a write fail.  In
JSON text (written with ``ensure_ascii=False``) that is the JSON escape of the
same character, so it reads back unchanged.

Failures are :class:`OutputPathError`, whose message names the path and the
reason; the desktop puts the reason into its own translated sentence.
"""
from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

PRIVATE_MODE = 0o600


class OutputPathError(Exception):
    """A file cannot be written there; the message says why, naming the path.

    ``path`` is the path as it was given and ``reason`` the why alone (an OS
    error's text or one of :func:`check_writable`'s), for callers that word
    the message themselves.
    """

    def __init__(self, path: str | os.PathLike, reason: str):
        super().__init__(f"cannot write {path}: {reason}")
        self.path = path
        self.reason = reason


def check_writable(path: str | os.PathLike) -> Path:
    """Raise OutputPathError unless a file could be written at ``path``; return it as a Path."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise OutputPathError(path, "it is a folder")
    if not folder.exists():
        raise OutputPathError(path, f"the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputPathError(path, f"{folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError(path, f"no permission to create files in {folder}")
    # os.replace would succeed over a read-only file (only the folder's permission counts);
    # refusing keeps "read-only" meaning what the user meant by it, as QSaveFile does
    # (its mode bits too: root may write anything, but a file nobody may write is read-only all the same)
    if target.exists() and (not os.access(target, os.W_OK) or not os.stat(target).st_mode & 0o222):
        raise OutputPathError(path, "the file is read-only")
    return target


def write_atomic(path: str | os.PathLike, data: str | bytes, encoding: str = "utf-8", *,
                 private: bool = False) -> Path:
    """Replace the file at ``path`` with ``data`` (text is encoded with ``encoding``, a character
    it cannot hold written as its escape, ``\\ud800``), or leave it as it was; return
    ``Path(path)``.  ``private`` makes the file 0o600; otherwise it keeps the old file's
    permissions.  Raises OutputPathError (naming the path and the reason)."""
    given = check_writable(path)
    if isinstance(data, str):
        # NOTE: a lone surrogate cannot be UTF-8; written as Python shows it (\ud800), never a crash
        data = data.encode(encoding, "backslashreplace")
    # through a symlink: replace the file it points at, in its folder, and keep the link
    target = Path(os.path.realpath(given))
    temporary = None
    try:
        fd, temporary = _temporary_beside(target, PRIVATE_MODE if private else 0o666)
        with os.fdopen(fd, "wb") as f:
            if private:
                os.fchmod(f.fileno(), PRIVATE_MODE)   # exactly 0o600, whatever the umask
            elif target.exists():
                os.fchmod(f.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, target)
        temporary = None
        _sync_folder(target.parent)
    except OSError as e:
        raise OutputPathError(path, str(e.strerror or e)) from None
    finally:
        if temporary is not None:   # failed (or interrupted) before the rename
            try:
                os.unlink(temporary)
            except OSError:
                pass
    return given


def _temporary_beside(target: Path, mode: int) -> tuple[int, Path]:
    """A new, empty file in the target's folder (``mode`` less the umask); the same file
    system as the target, so that the rename is atomic."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        candidate = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(candidate, flags, mode), candidate
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {target}")


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where folders cannot be opened."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
