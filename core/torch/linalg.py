"""``torch.linalg``: the determinant, the inverse and the SVD (core.ops.decompositions); the cross product.

PyTorch binds these in C++ under the names ``linalg_det``, ``linalg_svd``... (what its TypeErrors
say), so each is checked against its signature as the torch functions are (core.torch.arguments).
"""
from __future__ import annotations

from core.ops import REGISTRY as _R, apply as _apply
from core.ops.decompositions import _LinAlgError as LinAlgError
from core.torch import arguments as _arguments
from core.torch import functional as _api

__all__ = ["cross", "det", "inv", "svd", "svdvals", "LinAlgError"]


def _checked(name, signature, fn):
    return _arguments.checked(_arguments.Parser(name, (signature,)), fn)


def _det(A, *, out=None):
    return _apply(_R["det"], (A,))


def _inv(A, *, out=None):
    return _apply(_R["inverse"], (A,))


def _svd(A, full_matrices=True, *, driver=None, out=None):
    return _api.linalg_svd(A, full_matrices)


def _svdvals(A, *, driver=None, out=None):
    return _apply(_R["svdvals"], (A,))


def _cross(input, other, *, dim=-1, out=None):
    return _api.linalg_cross(input, other, dim=dim)


_cross._bpl_no_overlap = True   # out= may not share memory with an input (core.torch.functional._writes_out)


def _make(name, signature, fn):
    fn.__name__ = fn.__qualname__ = name
    return _checked(name, signature, _api._writes_out(fn))


det = _make("linalg_det", "(Tensor A, *, Tensor out = None)", _det)
inv = _make("linalg_inv", "(Tensor A, *, Tensor out = None)", _inv)
svd = _make("linalg_svd", "(Tensor A, bool full_matrices = True, *, str driver = None, tuple of Tensors out = None)",
            _svd)
svdvals = _make("linalg_svdvals", "(Tensor A, *, str driver = None, Tensor out = None)", _svdvals)
cross = _make("linalg_cross", "(Tensor input, Tensor other, *, int dim = -1, Tensor out = None)", _cross)
