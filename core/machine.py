"""The machine whose PyTorch the engine's float32 roundings reproduce, and this one's CPU.

Nothing here imports numpy: :mod:`core` reads :func:`openblas_kernel` before numpy loads.

PyTorch's CPU kernels pick their code by CPU: MKL its matrix-product kernels by vendor and
instruction set, oneDNN its convolutions, ATen's vectorized math (Sleef) its vector width.  The
orders the engine follows (:mod:`core.ops.gemm`, :mod:`core.ops.vecmath`, :mod:`core.ops.conv`,
:mod:`core.ops.summation`) were measured against PyTorch 2.13 on :data:`MODELLED_CPU`, where every
recording in ``tests/data`` was made.  Elsewhere (an AMD EPYC with AVX2, measured: small float32
products are rounded products added without FMA) PyTorch itself rounds some results otherwise; the
engine keeps the one behaviour on every machine, so a program prints the same digits everywhere.
"""
from __future__ import annotations

import functools

MODELLED_CPU = "an Intel CPU with AVX-512"


def cpu(cpuinfo: str = "/proc/cpuinfo") -> tuple[str, frozenset]:
    """This machine's CPU vendor and feature flags ("", {} where /proc/cpuinfo cannot be read)."""
    return _read(cpuinfo)


@functools.lru_cache(maxsize=None)
def _read(cpuinfo: str) -> tuple[str, frozenset]:
    try:
        with open(cpuinfo, encoding="ascii", errors="replace") as f:
            lines = f.read(1 << 16).splitlines()
    except OSError:
        return "", frozenset()
    vendor = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("vendor_id")), "")
    flags = next((line.split(":", 1)[1].split() for line in lines if line.startswith("flags")), [])
    return vendor, frozenset(flags)


def cpu_is_modelled(cpuinfo: str = "/proc/cpuinfo") -> bool:
    """Whether this machine's PyTorch rounds as on :data:`MODELLED_CPU` (an Intel CPU with AVX-512F)."""
    vendor, flags = cpu(cpuinfo)
    return vendor == "GenuineIntel" and "avx512f" in flags


def openblas_kernel() -> str | None:
    """The OpenBLAS kernel numpy's products use, the same on every machine that can run it.

    Products that do not follow PyTorch's summation order (core.ops.gemm: too large to follow in
    time, a matrix times a vector of more than six products, float64) go to numpy's BLAS, and
    OpenBLAS picks its kernels by CPU: its AVX-512 and AVX2 kernels add the products in different
    orders, so the same program printed different last digits on two machines.  Its AVX2 kernel
    ("Haswell") runs on every x86-64 CPU with AVX2 and FMA; elsewhere OpenBLAS chooses (None)."""
    return "Haswell" if {"avx2", "fma"} <= cpu()[1] else None
