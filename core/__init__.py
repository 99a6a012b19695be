"""Backprop Lens core: pure Python (numpy, sympy, symengine, stdlib). Never imports Qt.

See DESIGN.md: the op registry, the numeric autograd engine, the namespace that
programs see as ``torch``, the interpreter, the symbolic Jacobian and the analysis
all live here; ``desktop`` only displays what this package computes.
"""

import os as _os

# numpy's BLAS on one thread, as the reference PyTorch runs (torch.set_num_threads(1)): OpenBLAS's
# worker threads spin between the small products a tutorial makes and, on this 2-core machine with the
# app's GUI beside them, made a 64x1000 @ 1000x100 product 20 times slower.  Set before numpy loads.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _openblas_kernel():
    """The OpenBLAS kernel numpy's products use, the same on every machine that can run it.

    Products that do not follow PyTorch's summation order (core.ops.gemm: too large to follow in
    time, a matrix times a vector of more than six products, float64) go to numpy's BLAS, and
    OpenBLAS picks its kernels by CPU: its AVX-512 and AVX2 kernels add the products in different
    orders, so the same program printed different last digits on two machines.  Its AVX2 kernel
    ("Haswell") runs on every x86-64 CPU with AVX2 and FMA; elsewhere OpenBLAS chooses.  Set before
    numpy loads, as OpenBLAS reads it once."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = set(line.split(":", 1)[1].split())
                    return "Haswell" if {"avx2", "fma"} <= flags else None
    except OSError:
        return None
    return None


_kernel = _openblas_kernel()
if _kernel is not None:
    _os.environ.setdefault("OPENBLAS_CORETYPE", _kernel)
