"""Which float32 arrays already differ from PyTorch's bits, so that following its order no longer pays.

:mod:`core.ops.gemm` follows MKL's order of fused multiply-adds for float32 products, step by step
along ``k`` in numpy: bit for bit, but tens of times slower than numpy's BLAS.  A product whose
operand already *drifted* (was made by a kernel whose order is not modelled, such as a product too
large to follow in time, or computed from such a value) cannot become PyTorch's bits again by being
summed in PyTorch's order; it goes to numpy's BLAS.  A training loop whose first layer is a
64x1000 @ 1000x100 product therefore stops following the small products after it (issue 12's
benchmark: about 4x faster).

A mark means "these bits may differ from PyTorch's": an array is marked when a kernel says so
(:func:`mark`: gemm's numpy products, fused multiply-adds of marked operands) or when an op in
:func:`core.ops.registry.apply`, an in-place write, a vector-Jacobian product or a gradient
accumulation read a marked array.  Summation in PyTorch's order and the fused multiply-add take
numpy's fast path for marked arrays too.  Values computed elsewhere (Python numbers, the
optimizers' writes) are not marked and keep the exact order.  A marked value can still hold
PyTorch's bits by luck, and lose them downstream; the corpus test (tests/core/test_corpus.py)
measures that: no program changed.
"""
from __future__ import annotations

import weakref

import numpy as np

_marked: dict[int, weakref.ref] = {}   # id(array) -> a reference that removes the entry when it dies


def mark(array) -> None:
    """Note that ``array`` (a float32 ndarray) holds values that are not PyTorch's bits.  numpy gives
    a view of a view the owner of the memory as its base, so the owner is marked too: every view of
    the memory then counts as drifted (an over-estimate, only where an op's result is a view)."""
    while isinstance(array, np.ndarray) and array.dtype == np.float32:
        key = id(array)
        if key not in _marked:
            _marked[key] = weakref.ref(array, lambda ref, key=key: _marked.pop(key, None))
        array = array.base


def marked(array) -> bool:
    """Whether ``array`` or the array that owns its memory was marked."""
    if not _marked:
        return False
    while isinstance(array, np.ndarray):
        if id(array) in _marked:
            return True
        array = array.base
    return False


def any_marked(arrays) -> bool:
    if not _marked:
        return False
    return any(marked(a) for a in arrays)

