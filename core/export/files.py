"""Writing an export to a file: checked first, then written atomically.

:func:`write_atomic` writes to a new file beside the target and renames it
over the target (``os.replace``), so a reader never sees half a report and a
failed write leaves the old file as it was, with no temporary file behind.
"""
from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path


class OutputPathError(Exception):
    """The export cannot be written there; the message says why, naming the path."""


def check_writable(path: str | os.PathLike) -> Path:
    """Raise OutputPathError unless a file could be written at ``path`` (checked before
    the slow work, so a typo in the folder is reported at once)."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise OutputPathError(f"cannot write {path}: it is a folder")
    if not folder.exists():
        raise OutputPathError(f"cannot write {path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputPathError(f"cannot write {path}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError(f"cannot write {path}: no permission to create files in {folder}")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputPathError(f"cannot write {path}: the file is read-only")
    return target


def _temporary_beside(target: Path) -> tuple[int, Path]:
    """A new, empty file in the target's folder (mode 0o666 less the umask, as open() gives)."""
    for _ in range(100):
        candidate = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), candidate
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {target}")


def write_atomic(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically; return the path.  An existing file keeps its
    permissions.  Raises OutputPathError (naming the path and the reason) on failure."""
    target = check_writable(path)
    data = text.encode(encoding)
    try:
        fd, temporary = _temporary_beside(target)
    except OSError as e:
        raise OutputPathError(f"cannot write {path}: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if target.exists():
            os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(temporary, target)
    except OSError as e:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise OutputPathError(f"cannot write {path}: {e.strerror or e}") from None
    return target
