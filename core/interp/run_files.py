"""A run's own files: the folders ``pathlib.Path.mkdir`` makes and the checkpoints ``torch.save`` keeps.

Programs write no files (core.interp.sandbox's ``torch.save`` keeps a copy in memory).  Tutorials still
make a folder for their checkpoints first (``Path("models").mkdir(parents=True, exist_ok=True)``) and
build the file's path with ``/``; PyTorch refuses to save into a folder that does not exist ("Parent
directory models does not exist.").  :class:`RunFiles` is that small file system for one run: it starts
with the working folder only (the recorder runs a program from an empty scratch folder), and
:func:`members_pathlib` is ``pathlib`` over it: ``Path``'s pure path arithmetic is Python's own
(``PurePosixPath``); what would touch the disk (``exists``, ``is_file``, ``is_dir``, ``mkdir``) asks the
run's files instead.
"""
from __future__ import annotations

import errno as _errno
import os as _os
import posixpath as _posixpath
from pathlib import PurePosixPath as _Pure


class RunFiles:
    """The folders and checkpoint files of one run, keyed by normalized path."""

    def __init__(self):
        self.files = {}
        self.folders = {".", "/"}

    @staticmethod
    def key(path) -> str:
        return _posixpath.normpath(_os.fspath(path))

    def is_folder(self, path) -> bool:
        return self.key(path) in self.folders

    def parent_missing(self, path):
        """The folder ``path`` would be written in, when the run has no such folder; else None.  Only a
        path relative to the working folder is checked: the machine's own folders are not modelled."""
        path = _os.fspath(path)
        parent = _posixpath.dirname(path)
        return parent if parent and not _posixpath.isabs(path) and not self.is_folder(parent) else None


def members_pathlib(files: RunFiles) -> dict:
    """``pathlib`` for one run: ``Path`` (a ``PosixPath``) over ``files``."""

    class PosixPath(_os.PathLike):
        _bpl_public = ("name", "stem", "suffix", "suffixes", "parent", "parts", "exists", "is_file", "is_dir",
                       "mkdir", "joinpath", "with_suffix", "with_name", "as_posix", "is_absolute")
        __slots__ = ("_p",)

        def __init__(self, *parts):
            self._p = _Pure(*(p._p if isinstance(p, PosixPath) else p for p in parts))

        @classmethod
        def _of(cls, pure):
            p = object.__new__(cls)
            p._p = pure
            return p

        def __fspath__(self):
            return str(self._p)

        def __str__(self):
            return str(self._p)

        def __repr__(self):
            return f"PosixPath({str(self._p)!r})"

        def __format__(self, spec):
            return format(str(self._p), spec)

        def __eq__(self, other):
            return isinstance(other, PosixPath) and self._p == other._p

        def __hash__(self):
            return hash(self._p)

        def __lt__(self, other):
            if not isinstance(other, PosixPath):
                return NotImplemented
            return self._p < other._p

        def __truediv__(self, other):
            other = other._p if isinstance(other, PosixPath) else other
            return self._of(self._p / other)

        def __rtruediv__(self, other):
            return self._of(other / self._p)

        name = property(lambda self: self._p.name)
        stem = property(lambda self: self._p.stem)
        suffix = property(lambda self: self._p.suffix)
        suffixes = property(lambda self: self._p.suffixes)
        parts = property(lambda self: self._p.parts)
        parent = property(lambda self: self._of(self._p.parent))

        def joinpath(self, *others):
            return self._of(self._p.joinpath(*(o._p if isinstance(o, PosixPath) else o for o in others)))

        def with_suffix(self, suffix):
            return self._of(self._p.with_suffix(suffix))

        def with_name(self, name):
            return self._of(self._p.with_name(name))

        def as_posix(self):
            return self._p.as_posix()

        def is_absolute(self):
            return self._p.is_absolute()

        def is_dir(self):
            return files.is_folder(self)

        def is_file(self):
            return files.key(self) in files.files

        def exists(self):
            return self.is_dir() or self.is_file()

        def mkdir(self, mode=0o777, parents=False, exist_ok=False):
            if self.exists():
                if exist_ok and self.is_dir():
                    return None
                raise FileExistsError(_errno.EEXIST, "File exists", str(self))
            missing = [self]
            while not missing[-1].parent.exists():
                if not parents:
                    raise FileNotFoundError(_errno.ENOENT, "No such file or directory", str(self))
                missing.append(missing[-1].parent)
            if missing[-1].parent.is_file():
                raise NotADirectoryError(_errno.ENOTDIR, "Not a directory", str(self))
            files.folders.update(files.key(p) for p in missing)
            return None

    PosixPath.__qualname__, PosixPath.__module__ = "PosixPath", "pathlib"
    return {"Path": PosixPath, "PosixPath": PosixPath}


class BytesIO:
    """``io.BytesIO`` as tutorials use it with ``torch.save`` and ``torch.load`` (a checkpoint kept in
    memory instead of a file): it holds the one object saved into it, a copy, read back from its start
    after ``seek(0)``; at its end ``torch.load`` raises PyTorch's ``EOFError``.  Its bytes would be
    PyTorch's zip archive, which is not modelled: reading them (``getvalue``, ``read``, ``tell`` past
    the start) says so.  The position is one of ``"start"``, ``"end"`` (after a save) and ``"inside"``
    (after a load: PyTorch's reader stops within the archive)."""
    _bpl_public = ("seek", "tell", "close", "closed", "getvalue", "read", "flush")
    __slots__ = ("_saved", "_position", "_closed")

    def __init__(self, initial_bytes=None):
        if initial_bytes:
            raise NotImplementedError(NOT_ARCHIVE)
        self._saved, self._position, self._closed = None, "start", False

    def _check_open(self):
        if self._closed:
            raise ValueError("I/O operation on closed file.")

    def _past_start(self) -> bool:
        """Whether the position is somewhere in saved bytes' middle or end (a place not modelled)."""
        return self._saved is not None and self._position != "start"

    def seek(self, pos, whence=0):
        self._check_open()
        if not isinstance(pos, int) or isinstance(pos, bool):
            raise TypeError(f"'{type(pos).__name__}' object cannot be interpreted as an integer")
        if (whence, pos) == (0, 0):
            self._position = "start"
            return 0
        if self._saved is None and pos == 0 and whence in (1, 2):
            return 0
        raise NotImplementedError(NOT_ARCHIVE)

    def tell(self):
        self._check_open()
        if self._past_start():
            raise NotImplementedError(NOT_ARCHIVE)
        return 0

    def getvalue(self):
        self._check_open()
        if self._saved is None:
            return b""
        raise NotImplementedError(NOT_ARCHIVE)

    def read(self, size=-1):
        self._check_open()
        if self._saved is None or self._position == "end":
            return b""
        raise NotImplementedError(NOT_ARCHIVE)

    def flush(self):
        self._check_open()

    def close(self):
        self._closed = True

    @property
    def closed(self):
        return self._closed

    def keep(self, obj) -> None:
        """``torch.save(obj, buffer)``: ``obj`` (a copy) written at the start, the position after it."""
        self._check_open()
        if self._past_start():
            raise NotImplementedError(NOT_ARCHIVE)     # a second checkpoint after the first
        self._saved, self._position = obj, "end"

    def take(self):
        """``torch.load(buffer)``: what was saved, read from the start; EOFError at the end (PyTorch's)."""
        self._check_open()
        if self._position == "inside":
            raise NotImplementedError(NOT_ARCHIVE)
        if self._saved is None or self._position == "end":
            raise EOFError()
        self._position = "inside"
        return self._saved


BytesIO.__module__ = "_io"
NOT_ARCHIVE = ("io.BytesIO holds a checkpoint in Backprop Lens (torch.save into it, seek(0), torch.load from it), "
               "not the bytes of PyTorch's archive: reading, writing or measuring those is not modelled")
