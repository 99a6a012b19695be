"""The one compiled piece of the engine: float32 fused multiply-adds, in chains and one per element
(``fma_chain.c``).

:mod:`core.ops.gemm` sums a float32 matrix product as MKL does, a chain of fused multiply-adds
along ``k`` per element.  numpy has no fused multiply-add: followed step by step in numpy a chain
costs a few array passes per step (27 ms for a 64x1000 @ 1000x100, 35 s for a tutorial's 500
training steps), so such products went to numpy's BLAS, whose order differs.  The same chain in C
runs at the CPU's speed.

The C source ships with the package and is compiled on first use with the machine's C compiler
(``$CC`` or ``cc``) into the user's cache (``$XDG_CACHE_HOME/backprop-lens``), once per source and
machine.  Where that fails (no compiler, a read-only cache, ``BACKPROP_LENS_NATIVE=0``) the engine
goes on without it: :func:`chain` returns None and products past numpy's time budget go to BLAS,
as before.  ``python -m core.ops.native`` builds it and says where (scripts/setup.sh runs it).
"""
from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

SOURCE = Path(__file__).with_name("fma_chain.c")
COMPILE_SECONDS = 60
FLAGS = ("-O3", "-shared", "-fPIC")   # no -ffast-math: every step is an explicit fmaf or FMA instruction
DISABLE = "BACKPROP_LENS_NATIVE"      # set to 0: never compile or load it

_F32P = ctypes.POINTER(ctypes.c_float)
_P = ctypes.c_void_p


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "backprop-lens"


def library_path() -> Path:
    """Where the compiled library for this source, machine and Python lives."""
    key = hashlib.sha256(SOURCE.read_bytes() + " ".join(FLAGS).encode() + platform.machine().encode()
                         + sys.platform.encode()).hexdigest()
    return cache_dir() / f"fma_chain-{key[:16]}.so"


def _compile(target: Path) -> str | None:
    """Compile the source into ``target`` (atomically); None on success, else why not."""
    compiler = os.environ.get("CC") or "cc"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, scratch = tempfile.mkstemp(suffix=".so", dir=target.parent)
        os.close(fd)
    except OSError as e:
        return f"cache {target.parent}: {e}"
    try:
        done = subprocess.run([compiler, *FLAGS, "-o", scratch, str(SOURCE), "-lm"],
                              capture_output=True, text=True, timeout=COMPILE_SECONDS)
        if done.returncode != 0:
            return f"{compiler}: {done.stderr.strip()[:500]}"
        os.replace(scratch, target)
        _forget_others(target)
        return None
    except (OSError, subprocess.SubprocessError) as e:
        return f"{compiler}: {e}"
    finally:
        if os.path.exists(scratch):
            os.unlink(scratch)


def _forget_others(kept: Path) -> None:
    """Remove the libraries built from other versions of the source (a process that loaded one keeps it)."""
    for old in kept.parent.glob("fma_chain-*.so"):
        if old != kept:
            try:
                old.unlink()
            except OSError:
                pass


def _strided(a):
    """``a`` with its strides in elements, as the kernels read it (a copy when they are not whole elements)."""
    step = a.itemsize
    if a.strides[0] % step or a.strides[1] % step:
        a = np.ascontiguousarray(a)
    return a, a.strides[0] // step, a.strides[1] // step


class _Chain:
    """The loaded kernel: ``chain(a, b, acc)`` runs ``acc = fma(a[:, p], b[p, :], acc)`` for every ``p``
    in order, in place (float32, C-contiguous, 2-D)."""

    def __init__(self, lib: ctypes.CDLL):
        self._fn = lib.fma_chain_f32
        self._fn.restype = None
        self._fn.argtypes = [_F32P, ctypes.c_long, ctypes.c_long, _F32P, _F32P, ctypes.c_long, ctypes.c_long,
                             ctypes.c_long, ctypes.c_int]
        level = lib.fma_chain_level
        level.restype = ctypes.c_int
        self.level = level()

        self._gemm = lib.fma_gemm_f32
        self._gemm.restype = ctypes.c_int
        # addresses as plain ints (ndarray.ctypes.data): data_as costs a microsecond more per array
        self._gemm.argtypes = [_P, ctypes.c_long, ctypes.c_long, _P, _P, ctypes.c_long, ctypes.c_long,
                               ctypes.c_long, ctypes.POINTER(ctypes.c_long), ctypes.c_long, ctypes.c_int, ctypes.c_int]
        self._blocks = {}
        self._column_sums = lib.column_sums_f32
        self._column_sums.restype = None
        self._column_sums.argtypes = [_F32P] + [ctypes.c_long] * 8 + [_F32P, _F32P]
        self._fma = lib.fma_f32
        self._fma.restype = None
        self._fma.argtypes = [_F32P, ctypes.c_long, _F32P, ctypes.c_long, _F32P, ctypes.c_long, _F32P,
                              ctypes.c_long, ctypes.c_int]

    def fma(self, a, b, c):
        """``a * b + c`` rounded once per element (float32), or None where the operands are not each
        one number or a C-contiguous array of the result's shape (the caller broadcasts then)."""
        shape = np.broadcast_shapes(a.shape, b.shape, c.shape)
        parts = []
        for x in (a, b, c):
            if x.dtype != np.float32:
                return None
            if x.size == 1:
                parts.append((x.reshape(1), 0))
            elif x.shape == shape and x.flags.c_contiguous:
                parts.append((x, 1))
            else:
                return None
        out = np.empty(shape, np.float32)
        (pa, sa), (pb, sb), (pc, sc) = parts
        self._fma(pa.ctypes.data_as(_F32P), sa, pb.ctypes.data_as(_F32P), sb, pc.ctypes.data_as(_F32P), sc,
                  out.ctypes.data_as(_F32P), out.size, self.level)
        return out

    def column_sums(self, block, lanes: int, cascade_cols: int):
        """summation.py's ``_column_sums`` of a float32 ``block`` (..., size1, size0): the sum of every
        column by the vector-inner kernel (``lanes`` > 0) or, below ``cascade_cols``, the cascade and
        else ``row_sum``; None where the block's strides are not whole elements."""
        lead = block.shape[:-1]
        three = block.reshape((-1,) + block.shape[-2:]) if block.ndim > 3 else \
            block.reshape((1,) * (3 - block.ndim) + block.shape)
        step = three.itemsize
        if any(st % step for st in three.strides):
            return None
        n_outer, size1, size0 = three.shape
        out = np.empty((n_outer, size1), np.float32)
        scratch = np.empty(size0 // 16 + 1, np.float32)
        so, s1, s0 = (st // step for st in three.strides)
        self._column_sums(three.ctypes.data_as(_F32P), n_outer, so, size1, s1, size0, s0, lanes, cascade_cols,
                          scratch.ctypes.data_as(_F32P), out.ctypes.data_as(_F32P))
        return out.reshape(lead)

    def gemm(self, a, b, out, blocks, from_out: bool) -> None:
        """``out`` = ``a @ b`` summed in ``blocks`` along k, each a chain from zero added in order to
        ``out`` (which holds the bias when ``from_out``), in place; ``a`` in any layout, ``b`` and ``out``
        C-contiguous."""
        m, k = a.shape
        n = b.shape[1]
        assert out.shape == (m, n) and b.shape[0] == k == sum(blocks)
        assert b.flags.c_contiguous and out.flags.c_contiguous and out.flags.writeable
        assert a.dtype == b.dtype == out.dtype == "float32"
        a, sa0, sa1 = _strided(a)
        key = tuple(blocks)
        sizes = self._blocks.get(key)
        if sizes is None:
            sizes = self._blocks.setdefault(key, (ctypes.c_long * len(key))(*key))
        if self._gemm(a.ctypes.data, sa0, sa1, b.ctypes.data, out.ctypes.data,
                      m, k, n, sizes, len(key), int(from_out), self.level):
            raise MemoryError(f"no memory for a {m} x {n} float32 product")

    def __call__(self, a, b, acc) -> None:
        """``acc`` (m x n, C-contiguous) += the chain of ``a`` (m x k, any strides) times ``b`` (k x n,
        C-contiguous), in place."""
        m, k = a.shape
        n = b.shape[1]
        assert acc.shape == (m, n) and b.shape[0] == k
        assert b.flags.c_contiguous and acc.flags.c_contiguous and acc.flags.writeable
        assert a.dtype == b.dtype == acc.dtype == "float32"
        a, sa0, sa1 = _strided(a)
        self._fn(a.ctypes.data_as(_F32P), sa0, sa1, b.ctypes.data_as(_F32P),
                 acc.ctypes.data_as(_F32P), m, k, n, self.level)


_why_not: str | None = None


@functools.lru_cache(maxsize=None)
def chain() -> _Chain | None:
    """The compiled chain, built on first use; None where it cannot be had (:func:`why_not` says why)."""
    global _why_not
    if os.environ.get(DISABLE, "") == "0":
        _why_not = f"{DISABLE}=0"
        return None
    try:
        path = library_path()
    except OSError as e:
        _why_not = f"{SOURCE}: {e}"
        return None
    if not path.exists():
        _why_not = _compile(path)
        if _why_not is not None:
            return None
    try:
        return _Chain(ctypes.CDLL(str(path)))
    except (OSError, AttributeError) as e:
        _why_not = f"{path}: {e}"
        return None


def why_not() -> str | None:
    """Why :func:`chain` is None (after it was asked), else None."""
    return _why_not


if __name__ == "__main__":
    kernel = chain()
    if kernel is None:
        print(f"native: not built ({why_not()}); large float32 products go to numpy's BLAS", file=sys.stderr)
        sys.exit(1)
    print(f"native: {library_path()} (level {kernel.level})")
