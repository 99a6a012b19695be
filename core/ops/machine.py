"""The machine whose PyTorch the engine's float32 roundings reproduce.

PyTorch's CPU kernels pick their code by CPU: MKL its matrix-product kernels by vendor and
instruction set, oneDNN its convolutions, ATen's vectorized math (Sleef) its vector width.  The
orders the engine follows (:mod:`core.ops.gemm`, :mod:`core.ops.vecmath`, :mod:`core.ops.conv`,
:mod:`core.ops.summation`) were measured against PyTorch 2.13 on :data:`MODELLED_CPU`, where every
recording in ``tests/data`` was made.  Elsewhere (an AMD EPYC with AVX2, measured: small float32
products are rounded products added without FMA) PyTorch itself rounds some results otherwise; the
engine keeps the one behaviour on every machine, so a program prints the same digits everywhere.
"""
from __future__ import annotations

MODELLED_CPU = "an Intel CPU with AVX-512"


def cpu_is_modelled(cpuinfo: str = "/proc/cpuinfo") -> bool:
    """Whether this machine's PyTorch rounds as on :data:`MODELLED_CPU` (an Intel CPU with AVX-512F)."""
    try:
        with open(cpuinfo, encoding="ascii", errors="replace") as f:
            text = f.read(1 << 16)
    except OSError:
        return False
    lines = text.splitlines()
    vendor = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("vendor_id")), "")
    flags = next((line.split(":", 1)[1].split() for line in lines if line.startswith("flags")), [])
    return vendor == "GenuineIntel" and "avx512f" in flags
