"""The frames the app and core's service process exchange: a 4-byte length, then a pickle.

Its own module, with nothing but the standard library, so the app reads and
writes frames without importing what the service computes with.
"""
from __future__ import annotations

import pickle
import struct

_HEADER = struct.Struct(">I")


def write_frame(stream, message, lock=None):
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    if lock is not None:
        with lock:
            stream.write(_HEADER.pack(len(data)) + data)
            stream.flush()
    else:
        stream.write(_HEADER.pack(len(data)) + data)
        stream.flush()


def read_frame(stream):
    """The next message, or raises EOFError."""
    head = _read_exactly(stream, _HEADER.size)
    return pickle.loads(_read_exactly(stream, _HEADER.unpack(head)[0]))


def _read_exactly(stream, n):
    chunks, got = [], 0
    while got < n:
        chunk = stream.read(n - got)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
