"""``torch.linalg``: the determinant, the inverse and the SVD (core.ops.decompositions); the cross product.

PyTorch binds these in C++ under the names ``linalg_det``, ``linalg_svd``... (what its TypeErrors
say), so each is checked against its signature as the torch functions are (core.torch.arguments).
"""
from __future__ import annotations

from core.ops import REGISTRY as _R, apply as _apply
from core.ops.decompositions import _LinAlgError as LinAlgError
from core.ops import decompositions as _decompositions, least_squares as _least_squares
from core.torch import arguments as _arguments
from core.torch import functional as _api

import math as _math

import numpy as _np

__all__ = ["cross", "det", "inv", "svd", "svdvals", "LinAlgError", "norm", "vector_norm", "matrix_norm", "solve", "qr",
           "eig", "eigvals", "lstsq", "pinv", "matrix_rank", "cholesky", "eigh", "eigvalsh", "matrix_power"]


def _checked(name, signature, fn):
    signatures = signature if isinstance(signature, tuple) else (signature,)
    return _arguments.checked(_arguments.Parser(name, signatures), fn)


def _det(A, *, out=None):
    return _apply(_R["det"], (A,))


def _inv(A, *, out=None):
    return _apply(_R["inverse"], (A,))


def _svd(A, full_matrices=True, *, driver=None, out=None):
    return _api.linalg_svd(A, full_matrices)


def _svdvals(A, *, driver=None, out=None):
    return _apply(_R["svdvals"], (A,))


def _solve(A, B, *, left=True, out=None):
    """X with A X = B; B a matrix (or a batch), or a vector (B of A's shape without its last dim)."""
    if not left:
        raise NotImplementedError("torch.linalg.solve(left=False) is not available in Backprop Lens yet")
    if A.dtype is not B.dtype:
        raise RuntimeError("linalg.solve: Expected A and B to have the same dtype, but found A of type "
                           f"{A.dtype.scalar_name} and B of type {B.dtype.scalar_name} instead")
    if not A.dtype.is_floating_point:
        raise RuntimeError("linalg.solve: Expected a floating point or complex tensor as input. "
                           f"Got {A.dtype.scalar_name}")
    if A.dim() < 2:
        raise RuntimeError("linalg.solve: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.solve: A must be batches of square matrices, but they are {A.shape[-2]} by "
                           f"{A.shape[-1]} matrices")
    vector = B.dim() == 1 or (B.dim() == A.dim() - 1 and tuple(B.shape) == tuple(A.shape[:-1]))
    rows = B.shape[-1] if vector else B.shape[-2]
    if rows != A.shape[-1]:
        shown = f"{B.shape[-1]}x1" if vector else f"{B.shape[-2]}x{B.shape[-1]}"
        raise RuntimeError("linalg.solve: Incompatible shapes of A and B for the equation AX = B "
                           f"({A.shape[-2]}x{A.shape[-1]} and {shown})")
    return _apply(_R["solve"], (A, B), {"vector": vector} if vector else {})


def _qr(A, mode="reduced", *, out=None):
    """Q and R: two ops of one decomposition, each with a LinalgQrBackward0 node (Q empty for mode 'r')."""
    params = {"mode": mode}
    _R["qr_R"].forward(A._data, **params)   # PyTorch's checks first (dtype, dimensions, mode)
    return _api.LinalgQrResult(_apply(_R["qr_Q"], (A,), params), _apply(_R["qr_R"], (A,), params))


def _lstsq(A, B, rcond=None, *, driver=None):
    """``torch.return_types.linalg_lstsq(solution, residuals, rank, singular_values)``: the solution and the
    residuals two ops of one LinalgLstsqBackward0 solve (core.ops.least_squares), rank and singular values
    plain tensors."""
    name = "torch.linalg.lstsq"
    if A.dim() < 2:
        raise RuntimeError(f"{name}: input must have at least 2 dimensions.")
    if A.dtype is not B.dtype:
        raise RuntimeError(f"{name}: Expected input and other to have the same dtype, but got input's dtype "
                           f"{A.dtype.scalar_name} and other's dtype {B.dtype.scalar_name}")
    if not A.dtype.is_floating_point or A.dtype.scalar_name not in ("Float", "Double"):
        raise RuntimeError("This function doesn't handle types other than float and double")
    vector = B.dim() == A.dim() - 1
    if B.dim() < 1 or (B.shape[-1] if vector else B.shape[-2]) != A.shape[-2]:
        raise RuntimeError(f"{name}: input.size(-2) should match other.size(-2)")
    driver = "gelsy" if driver is None else driver
    if driver not in _least_squares.DRIVERS:
        raise RuntimeError(f"{name}: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    params = {"driver": driver, "rcond": rcond, "vector": vector}
    _, _, rank, singular = _least_squares.lstsq_arrays(A._data, B._data, **params)
    return _api.LinalgLstsqResult(_apply(_R["lstsq_solution"], (A, B), params),
                                  _apply(_R["lstsq_residuals"], (A, B), params),
                                  _api.Tensor._make(rank), _api.Tensor._make(singular))


def _pinv(A, rcond=None, hermitian=False, *, atol=None, rtol=None, out=None):
    if rcond is not None or atol is not None or rtol is not None or hermitian:
        raise NotImplementedError("torch.linalg.pinv with atol, rtol, rcond or hermitian is not available in "
                                  "Backprop Lens yet")
    return _apply(_R["pinv"], (A,))


def _matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None, out=None):
    """The number of singular values above ``max(atol, rtol * max(S))`` (by default rtol = eps * max(m, n))."""
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    if not A.dtype.is_floating_point:
        raise RuntimeError("linalg.matrix_rank: Expected a floating point or complex tensor as input. "
                           f"Got {A.dtype.scalar_name}")
    m, n = A.shape[-2], A.shape[-1]
    s = _np.asarray(_decompositions.svd_arrays(A._data, False)[1], dtype=_np.float64)
    if tol is not None:
        atol, rtol = tol, 0.0
    atol = 0.0 if atol is None else float(atol)
    if rtol is None:
        rtol = 0.0 if atol > 0 else float(_np.finfo(A._data.dtype).eps) * max(m, n)
    top = s[..., :1] if s.shape[-1] else _np.zeros(s.shape[:-1] + (1,))
    return _api.Tensor._make(_np.sum(s > _np.maximum(atol, rtol * top), axis=-1).astype(_np.int64))


def _cholesky(A, *, upper=False, out=None):
    """L with A = L L^T (or U = L^T with ``upper``) from the lower (upper) triangle of A: one
    LinalgCholeskyExBackward0 node (core.ops.symmetric)."""
    return _apply(_R["cholesky"], (A,), {"upper": True} if upper else {})


def _eigh(A, UPLO="L", *, out=None):
    """Ascending eigenvalues and eigenvectors from one triangle of A: two ops of one LinalgEighBackward0
    decomposition."""
    params = {"UPLO": UPLO} if UPLO != "L" else {}
    _R["eigh_values"].forward(A._data, **params)   # PyTorch's checks first (dtype, dimensions, UPLO)
    return _api.LinalgEighResult(_apply(_R["eigh_values"], (A,), params), _apply(_R["eigh_vectors"], (A,), params))


def _eigvalsh(A, UPLO="L", *, out=None):
    return _apply(_R["eigh_values"], (A,), {"UPLO": UPLO} if UPLO != "L" else {})


def _cross(input, other, *, dim=-1, out=None):
    return _api.linalg_cross(input, other, dim=dim)


def _vector_norm(input, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    """The p-norm of the elements (over ``dim``, or all): one LinalgVectorNormBackward0 node."""
    if not input.dtype.is_floating_point:
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as input. "
                           f"Got {input.dtype.scalar_name}")
    if isinstance(dim, int):
        dim = (dim,)
    dims = None if dim is None or len(dim) == 0 else _api._dims(input, tuple(dim))
    params = {"p": float(ord), "dim": dims, "keepdim": keepdim}
    if dtype is not None and dtype is not input.dtype:
        params["dtype"] = dtype
    return _apply(_R["norm"], (input,), params)


def _order_text(ord):
    return str(int(ord)) if isinstance(ord, float) and ord.is_integer() else str(ord)


def _matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    """A norm of the matrices over ``dim``, composed as PyTorch composes it: 'fro' a vector norm; 1 and inf
    the largest column (row) sum of |A|; 2 and 'nuc' from the singular values, the matrices moved last."""
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    if len(dims) != 2:
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + " ".join(str(d) for d in dims))
    d0, d1 = (A._dim(d) for d in dims)
    if isinstance(ord, str):
        if ord not in ("fro", "nuc"):
            raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    elif ord not in (1, -1, 2, -2, _math.inf, -_math.inf):
        raise RuntimeError(f"linalg.matrix_norm: Order {_order_text(ord)} not supported.")
    if ord == "fro":
        return _vector_norm(A, 2, (d0, d1), keepdim, dtype=dtype)
    if dtype is not None:
        A = _api.to(A, dtype)
    if ord in ("nuc", 2, -2):
        rest = [d for d in range(A.dim()) if d not in (d0, d1)]
        order = rest + [d0, d1]
        values = _apply(_R["svdvals"], (_api.permute(A, *order),))
        reduce = _api.sum if ord == "nuc" else _api.amax if ord == 2 else _api.amin
        result = reduce(values, -1, keepdim)
        if not keepdim:
            return result
        inverse = [order.index(d) for d in range(A.dim())]
        return _api.permute(_api.unsqueeze(result, -1), *inverse)
    # 1 / -1: the column sums (over d0), then their extreme over d1; inf / -inf: the row sums
    along, across = (d0, d1) if abs(ord) == 1 else (d1, d0)
    sums = _vector_norm(A, 1, (along,), keepdim)
    if not keepdim and along < across:
        across -= 1
    return (_api.amax if ord > 0 else _api.amin)(sums, across, keepdim)


def _norm(input, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """A vector norm (``dim`` one dim, or None without ``ord``: all elements) or a matrix norm (two dims, or a
    2-D input with ``ord``)."""
    if dim is not None:
        dims = (dim,) if isinstance(dim, int) else tuple(dim)
        if len(dims) == 2 or isinstance(ord, str):
            return _matrix_norm(input, "fro" if ord is None else ord, dims, keepdim, dtype=dtype)
        return _vector_norm(input, 2 if ord is None else ord, dims, keepdim, dtype=dtype)
    if ord is None:
        return _vector_norm(input, 2, None, keepdim, dtype=dtype)
    if input.dim() not in (1, 2):
        raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                           f"Got {input.dim()}D.")
    if input.dim() == 2:
        return _matrix_norm(input, ord, (-2, -1), keepdim, dtype=dtype)
    if isinstance(ord, str):
        return _matrix_norm(input, ord, (-2, -1), keepdim, dtype=dtype)
    return _vector_norm(input, ord, None, keepdim, dtype=dtype)


_cross._bpl_no_overlap = True   # out= may not share memory with an input (core.torch.functional._writes_out)


def _make(name, signature, fn):
    fn.__name__ = fn.__qualname__ = name
    return _checked(name, signature, _api._writes_out(fn))


det = _make("linalg_det", "(Tensor A, *, Tensor out = None)", _det)
inv = _make("linalg_inv", "(Tensor A, *, Tensor out = None)", _inv)
matrix_power = _make("linalg_matrix_power", "(Tensor A, int n, *, Tensor out = None)",
                     lambda A, n, *, out=None: _api.matrix_power(A, n))
svd = _make("linalg_svd", "(Tensor A, bool full_matrices = True, *, str driver = None, tuple of Tensors out = None)",
            _svd)
svdvals = _make("linalg_svdvals", "(Tensor A, *, str driver = None, Tensor out = None)", _svdvals)
cross = _make("linalg_cross", "(Tensor input, Tensor other, *, int dim = -1, Tensor out = None)", _cross)
vector_norm = _make("linalg_vector_norm", "(Tensor input, Number ord = 2, tuple of ints? dim = None, "
                    "bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)", _vector_norm)
matrix_norm = _make("linalg_matrix_norm", (
    "(Tensor input, Number ord, tuple of ints dim = {-2,-1}, bool keepdim = False, *, torch.dtype dtype = None, "
    "Tensor out = None)",
    "(Tensor input, str ord = \"fro\", tuple of ints dim = {-2,-1}, bool keepdim = False, *, "
    "torch.dtype dtype = None, Tensor out = None)"), _matrix_norm)
norm = _make("linalg_norm", (
    "(Tensor input, Number ord = None, tuple of ints dim = None, bool keepdim = False, *, "
    "torch.dtype dtype = None, Tensor out = None)",
    "(Tensor input, str ord, tuple of ints dim = None, bool keepdim = False, *, torch.dtype dtype = None, "
    "Tensor out = None)"), _norm)
solve = _make("linalg_solve", "(Tensor A, Tensor B, *, bool left = True, Tensor out = None)", _solve)
eig = _make("linalg_eig", "(Tensor input, *, tuple of Tensors out = None)", lambda input, *, out=None: _api.linalg_eig(input))
eigvals = _make("linalg_eigvals", "(Tensor input, *, Tensor out = None)",
                lambda input, *, out=None: _api.linalg_eig(input)[0])
qr = _make("linalg_qr", "(Tensor A, str mode = \"reduced\", *, tuple of Tensors out = None)", _qr)
lstsq = _make("linalg_lstsq", "(Tensor input, Tensor b, float? rcond = None, *, str? driver = None)", _lstsq)
pinv = _make("linalg_pinv", (
    "(Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = False, Tensor out = None)",
    "(Tensor input, *, float atol = None, float rtol = None, bool hermitian = False, Tensor out = None)",
    "(Tensor input, Tensor rcond, bool hermitian = False, *, Tensor out = None)",
    "(Tensor input, float rcond, bool hermitian = False, *, Tensor out = None)"), _pinv)
matrix_rank = _make("linalg_matrix_rank", (
    "(Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = False, Tensor out = None)",
    "(Tensor input, *, float atol = None, float rtol = None, bool hermitian = False, Tensor out = None)",
    "(Tensor input, Tensor tol, bool hermitian = False, *, Tensor out = None)",
    "(Tensor input, float tol, bool hermitian = False, *, Tensor out = None)"), _matrix_rank)
cholesky = _make("linalg_cholesky", "(Tensor input, *, bool upper = False, Tensor out = None)", _cholesky)
eigh = _make("linalg_eigh", "(Tensor input, str UPLO = \"L\", *, tuple of Tensors out = None)", _eigh)
eigvalsh = _make("linalg_eigvalsh", "(Tensor input, str UPLO = \"L\", *, Tensor out = None)", _eigvalsh)
