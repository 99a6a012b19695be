"""The frames the app and core's service process exchange: a 4-byte length, then a pickle.

Its own module, with nothing but the standard library, so the app reads and
writes frames without importing what the service computes with.

Both ways a frame holds plain data only: dicts, lists, tuples, sets, text,
bytes, numbers, booleans and None, and core's texts (:class:`core.translatable.Text`,
a str keeping its template and values, so that the app translates a note by
lookup).  :func:`loads` refuses every other global a pickle names (``os.system``,
a class, a module that does not exist) before anything is imported or
called, so a frame cannot run code in its reader.  A frame's length is
bounded (``max_bytes``: :data:`MAX_JOB_BYTES` for a message to the service,
:data:`MAX_ANSWER_BYTES` for an answer and by default): a reader refuses a
longer header before reading the body, and a writer refuses to send a longer message.
"""
from __future__ import annotations

import io
import pickle
import struct

_HEADER = struct.Struct(">I")

# a message to the service: a job is a program's text and a few small fields
MAX_JOB_BYTES = 64 * 2 ** 20
# an answer from it carries the run's tensors whole: one tensor at the default element limit
# (32 million) and its grad pickle to about 0.6 GB
MAX_ANSWER_BYTES = 2 ** 30
_CHUNK = 2 ** 20   # a body is read a MiB at a time: nothing is allocated for bytes that never come


class FrameError(Exception):
    """A frame that is not a message.  ``in_sync``: the next frame can still be read
    (the body did not decode), or not (a length past the bound: where the next
    frame starts is unknown, so the reader has to stop)."""

    def __init__(self, message: str, in_sync: bool):
        super().__init__(message)
        self.in_sync = in_sync


# the one class a frame may name: core's English texts keeping their template and values
# (core.translatable.Text, a str; built by its own constructor from plain data)
_TEXT = ("core.translatable", "Text")


class _PlainUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) == _TEXT:
            from core.translatable import Text     # stdlib only: no Qt, no numpy
            return Text
        raise pickle.UnpicklingError(f"it names {module}.{name}")


def loads(data: bytes):
    """The plain data a pickle holds; :class:`FrameError` (in sync) for anything else."""
    try:
        return _PlainUnpickler(io.BytesIO(data)).load()
    except Exception as e:  # noqa: BLE001 - a malformed pickle raises nearly anything (EOFError too)
        raise FrameError("a frame must hold plain data (dicts, lists, tuples, text, numbers, bytes, None) "
                         f"in a pickle, and this one does not: {type(e).__name__}: {e}", in_sync=True) from None


def write_frame(stream, message, lock=None, *, max_bytes: int = MAX_ANSWER_BYTES):
    """Send ``message``; :class:`FrameError` (nothing sent) when its pickle is past ``max_bytes``."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    if len(data) > max_bytes:
        raise FrameError(f"a message of {len(data):,} bytes is past the limit of {max_bytes:,} bytes "
                         "and was not sent", in_sync=True)
    if lock is not None:
        with lock:
            stream.write(_HEADER.pack(len(data)) + data)
            stream.flush()
    else:
        stream.write(_HEADER.pack(len(data)) + data)
        stream.flush()


def read_frame(stream, *, max_bytes: int = MAX_ANSWER_BYTES):
    """The next message; raises EOFError at the end of the stream (also inside a frame),
    :class:`FrameError` for a length past ``max_bytes`` (not in sync: nothing of the
    body is read) or a body that is not plain data (in sync)."""
    head = _read_exactly(stream, _HEADER.size)
    size = _HEADER.unpack(head)[0]
    if size > max_bytes:
        raise FrameError(f"a frame of {size:,} bytes is past the limit of {max_bytes:,} bytes", in_sync=False)
    return loads(_read_exactly(stream, size))


def _read_exactly(stream, n):
    chunks, got = [], 0
    while got < n:
        chunk = stream.read(min(n - got, _CHUNK))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
