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


from core import machine as _machine  # noqa: E402 - reads /proc/cpuinfo only, before numpy loads

# numpy's OpenBLAS adds products in one order on every machine (core.machine.openblas_kernel)
_kernel = _machine.openblas_kernel()
if _kernel is not None:
    _os.environ.setdefault("OPENBLAS_CORETYPE", _kernel)


def __getattr__(name):
    """``from core import analyze``: Backprop Lens's Python API (core.notebook), loaded when first asked
    for, so that importing any module of core stays light and free of import circles."""
    if name in ("analyze", "LensResult"):
        from core import notebook
        return getattr(notebook, name)
    raise AttributeError(f"module 'core' has no attribute {name!r}")
