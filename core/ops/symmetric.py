"""Decompositions of symmetric matrices: the Cholesky factor (``torch.linalg.cholesky``) and the eigen-decomposition
(``torch.linalg.eigh`` / ``eigvalsh``: eigenvalues and eigenvectors, two ops of one LinalgEighBackward0
decomposition, as the SVD's factors are in core.ops.decompositions).

Both read one triangle of A (the lower one; the upper for ``cholesky(upper=True)`` and ``eigh(UPLO='U')``) and
never look at the other.  NOTE: their PyTorch backward is not the derivative of that forward: it returns a
symmetric gradient (the derivative for a symmetric change of A), where the forward's derivative counts an
off-diagonal element of the read triangle twice and the other triangle not at all (``backward_note``).

Numbers.  numpy's LAPACK in float64 (potrf, syevd) on the symmetric matrix the read triangle makes, rounded
to the input's dtype.  PyTorch calls MKL in the input's dtype, so the last bits differ (measured on random
matrices up to 5x5: Cholesky factors equal to the bit 73% of the time in float64, 17% in float32, eigenvalues
22% / 9%; relative differences below 1e-15 in float64 and 2e-6 in float32).  The eigenvalues are ascending.  NOTE: an eigenvector's sign is the one numpy's LAPACK syevd
chooses; PyTorch's (MKL's syevd, whose tridiagonal solver is another) is the same for every 2x2 matrix but
not always for larger ones (measured: 89% of the columns of random 3x3 matrices, 76% of 4x4; MKL's float32
and float64 disagree with each other too), so a program whose printout depends on those signs may print
an eigenvector negated (a repeated eigenvalue's eigenvectors are any basis of its eigenspace).

Symbolic rules: the Cholesky factor exactly (Cholesky-Banachiewicz with square roots) up to 4x4, its first
order expansion beyond; the eigen-decomposition has no closed form, so its rule is the first-order expansion
at the point (dw_i = v_i^T dA v_i, dv_j = sum_i v_i (v_i^T dA v_j) / (w_j - w_i)), exact in value and
Jacobian, with no second derivative.
"""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.translatable import _T
from core.ops.decompositions import _LinAlgError, _check
from core.ops.registry import SPECIAL, apply, call, defop
from core.ops.vjp import raw as _raw
from core.tensor.tensor import Tensor

EXACT_CHOLESKY = 4

_CHOLESKY_NOTE = _T("LinalgCholeskyExBackward0 is not the derivative of linalg.cholesky as computed: cholesky reads "
                    "only one triangle of A, but PyTorch's backward returns a symmetric gradient (the derivative for a "
                    "symmetric change of A). vᵀJ counts each off-diagonal element of the read triangle twice and the "
                    "other triangle not at all; backward gives each half of that. For a symmetric A built from a leaf "
                    "(A = B Bᵀ, A = (B + Bᵀ) / 2) the two agree.")
_EIGH_NOTE = _T("LinalgEighBackward0 is not the derivative of linalg.eigh as computed: eigh reads only one triangle of "
                "A, but PyTorch's backward returns a symmetric gradient (the derivative for a symmetric change of A). "
                "vᵀJ counts each off-diagonal element of the read triangle twice and the other triangle not at all; "
                "backward gives each half of that. For a symmetric A built from a leaf (A = B Bᵀ, A = (B + Bᵀ) / 2) "
                "the two agree.")


def symmetric_from(a, upper=False):
    """The symmetric matrices that one triangle of ``a`` makes (numbers or object arrays)."""
    a = np.asarray(a)
    n = a.shape[-1]
    lower = np.tril(np.ones((n, n), dtype=bool))
    t = np.swapaxes(a, -1, -2)
    if upper:
        a, t = t, a
    return np.where(lower, a, t)


# ---------------------------------------------------------------------------
# Cholesky
# ---------------------------------------------------------------------------

def _cholesky_failure(m):
    """The order of the first leading minor of a float64 symmetric matrix that is not positive-definite, or None."""
    n = m.shape[0]
    low = np.zeros_like(m)
    for j in range(n):
        d = m[j, j] - np.dot(low[j, :j], low[j, :j])
        if not d > 0:
            return j + 1
        low[j, j] = np.sqrt(d)
        low[j + 1:, j] = (m[j + 1:, j] - low[j + 1:, :j] @ low[j, :j]) / low[j, j]
    return None


def cholesky_array(a, upper=False):
    """The Cholesky factor of a batch (L, or U = L^T with ``upper``), from the triangle PyTorch reads."""
    a = np.asarray(a)
    if a.dtype.kind in "fc" and a.dtype == np.float16:
        raise NotImplementedError("\"cholesky_cpu\" not implemented for 'Half'")
    a = _check("cholesky", a)
    sym = symmetric_from(a, upper).astype(np.float64)
    batch = a.shape[:-2]
    out = np.zeros(sym.shape)
    for k, idx in enumerate(np.ndindex(*batch)):
        order = _cholesky_failure(sym[idx])
        if order is not None:
            where = f"(Batch element {k}): " if batch else ""
            raise _LinAlgError(f"linalg.cholesky: {where}The factorization could not be completed because the input "
                               f"is not positive-definite (the leading minor of order {order} is not "
                               "positive-definite).")
        if sym[idx].size:
            out[idx] = np.linalg.cholesky(sym[idx])
    return (np.swapaxes(out, -1, -2) if upper else out).astype(a.dtype)


@defop("cholesky", "LinalgCholeskyExBackward0", saves_result=True, dtype_rule="keep", input_names=("self",),
       backward_note=_CHOLESKY_NOTE,
       pytorch=call("torch.linalg.cholesky", 0, upper="=upper"))
def cholesky(a, upper=False):
    return cholesky_array(a, upper)


@cholesky.def_vjp
def _(ctx, g, F):
    # PyTorch's cholesky_backward (Murray 2016): with Phi = tril(L^T gL), its diagonal halved,
    # G = L^-T Phi L^-1, and the gradient sym(G) = (G + G^T) / 2
    low = ctx.result(F)
    if ctx.params.get("upper", False):
        low, g = F.mT(low), F.mT(g)
    n = np.shape(_raw(low))[-1]
    dtype = np.result_type(_raw(low))
    phi = F.tril(F.matmul(F.mT(low), g))
    phi = phi * F.const((1 - 0.5 * np.eye(n)).astype(dtype))
    inv = F.inverse(low)
    grad = F.matmul(F.matmul(F.mT(inv), phi), inv)
    return (grad + F.mT(grad)) * F.const(np.asarray(0.5, dtype=dtype)),


def _cholesky_exact(S, m):
    """Cholesky-Banachiewicz on one symmetric object matrix."""
    n = m.shape[0]
    low = np.empty((n, n), dtype=object)
    for i in range(n):
        for j in range(n):
            low[i, j] = S.number(0)
    for j in range(n):
        d = m[j, j] - sum((low[j, k] * low[j, k] for k in range(j)), S.number(0))
        root = np.empty(1, dtype=object)
        root[0] = d
        low[j, j] = S.sqrt(root)[0]
        for i in range(j + 1, n):
            low[i, j] = (m[i, j] - sum((low[i, k] * low[j, k] for k in range(j)), S.number(0))) / low[j, j]
    return low


@cholesky.def_symbolic
def _(S, s, n, upper=False):
    m = symmetric_from(S.obj(s[0]), upper)
    x = symmetric_from(np.asarray(n[0], dtype=np.float64), upper)
    size = x.shape[-1]
    out = np.empty(x.shape, dtype=object)
    for idx in np.ndindex(*x.shape[:-2]):
        if size <= EXACT_CHOLESKY:
            out[idx] = _cholesky_exact(S, m[idx])
        else:
            # NOTE: first-order expansion at the point: dL = L Phi(L^-1 dA L^-T), Phi the lower triangle with
            # the diagonal halved
            low = np.linalg.cholesky(x[idx])
            inv = np.linalg.inv(low)
            inner = S.obj(S.const(inv) @ (m[idx] - S.const(x[idx])) @ S.const(inv.T))
            half = np.tril(np.ones((size, size))) - 0.5 * np.eye(size)
            out[idx] = S.const(low) + S.obj(S.const(low) @ S.obj(inner * S.const(half)))
    return np.swapaxes(out, -1, -2) if upper else out


# ---------------------------------------------------------------------------
# eigh: eigenvalues and eigenvectors
# ---------------------------------------------------------------------------

def eigh_arrays(a, UPLO="L"):
    """Ascending eigenvalues and the eigenvectors (columns) of the symmetric matrices of ``a``'s triangle."""
    a = np.asarray(a)
    if a.dtype.kind not in "fc" or a.dtype == np.float16:
        raise NotImplementedError(f"\"linalg_eigh_cpu\" not implemented for '{dtypes.from_numpy(a.dtype).scalar_name}'")
    a = _check("eigh", a)
    if UPLO not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    sym = symmetric_from(a, UPLO == "U").astype(np.float64)
    if sym.shape[-1] == 0:
        return np.zeros(sym.shape[:-1], a.dtype), np.zeros(sym.shape, a.dtype)
    w, v = np.linalg.eigh(sym)
    return w.astype(a.dtype), v.astype(a.dtype)


@defop("eigh_values", "LinalgEighBackward0", needs={0: (0,)}, dtype_rule="keep", input_names=("self",),
       backward_note=_EIGH_NOTE,
       pytorch=call("torch.linalg.eigvalsh", 0, UPLO="=UPLO"))
def eigh_values(a, UPLO="L"):
    return eigh_arrays(a, UPLO)[0]


@defop("eigh_vectors", "LinalgEighBackward0", needs={0: (0,)}, dtype_rule="keep", input_names=("self",),
       backward_note=_EIGH_NOTE,
       pytorch=SPECIAL)
def eigh_vectors(a, UPLO="L"):
    return eigh_arrays(a, UPLO)[1]


def _eigh_factors(ctx, F):
    """The eigenvalues and eigenvectors of the saved input: arrays, or (under create_graph) tensors made by the
    eigh ops themselves, so that the backward can be differentiated again."""
    a = ctx.input(0, F)
    params = {"UPLO": ctx.params.get("UPLO", "L")}
    if isinstance(a, Tensor):
        return apply(eigh_values, (a,), params), apply(eigh_vectors, (a,), params)
    return eigh_arrays(a, params["UPLO"])


def _eigh_vjp(ctx, gw, gv, F):
    """PyTorch's linalg_eig_backward for a symmetric A: V (diag(gw) + skew(V^T gV) / E) V^T, E_ij = w_j - w_i
    (inf where two eigenvalues are equal, as in PyTorch)."""
    w, v = _eigh_factors(ctx, F)
    n = np.shape(_raw(w))[-1]
    dtype = np.result_type(_raw(w))
    eye = np.eye(n, dtype=dtype)
    if gv is not None:
        vg = F.matmul(F.mT(v), gv)
        skew = (vg - F.mT(vg)) * F.const(np.asarray(0.5, dtype=dtype))
        gap = F.unsqueeze(w, -2) - F.unsqueeze(w, -1) + F.const(eye)
        inner = skew / gap * F.const(1 - eye)
        if gw is not None:
            inner = inner + F.unsqueeze(gw, -1) * F.const(eye)
    else:
        inner = F.unsqueeze(gw, -1) * F.const(eye)
    return F.matmul(F.matmul(v, inner), F.mT(v)),


eigh_values.def_vjp(lambda ctx, g, F: _eigh_vjp(ctx, g, None, F))
eigh_vectors.def_vjp(lambda ctx, g, F: _eigh_vjp(ctx, None, g, F))


def _eigh_tangent(S, s, n, UPLO):
    """The eigen-decomposition's first-order expansion at the point: ``w + dw, V + dV``."""
    upper = UPLO == "U"
    x = symmetric_from(np.asarray(n[0], dtype=np.float64), upper)
    w, v = np.linalg.eigh(x)
    da = symmetric_from(S.obj(s[0]), upper) - S.const(x)
    p = S.obj(S.const(np.swapaxes(v, -1, -2)) @ da @ S.const(v))
    k = x.shape[-1]
    with np.errstate(divide="ignore"):
        gap = np.where(np.eye(k, dtype=bool), 0.0, 1.0 / (w[..., None, :] - w[..., :, None]))
    dw = S.obj(np.diagonal(p, axis1=-2, axis2=-1))
    dv = S.obj(S.const(v) @ S.obj(S.const(gap) * p))
    return S.obj(S.const(w) + dw), S.obj(S.const(v) + dv)


eigh_values.def_symbolic(lambda S, s, n, UPLO="L": _eigh_tangent(S, s, n, UPLO)[0])
eigh_vectors.def_symbolic(lambda S, s, n, UPLO="L": _eigh_tangent(S, s, n, UPLO)[1])
