"""Least squares: the pseudo-inverse (``torch.linalg.pinv``) and ``torch.linalg.lstsq``'s solution and residuals.

PyTorch's lstsq makes one node (``LinalgLstsqBackward0``) for its two differentiable outputs (solution and
residuals; rank and singular values are plain tensors): here two ops of one solve, each with its own node,
as the SVD's factors are (core.ops.decompositions).

Numbers.  The solution is the minimum-norm least-squares solution numpy's ``lstsq`` gives (LAPACK gelsd in
float64, singular values below ``rcond * max(S)`` dropped, ``rcond`` PyTorch's default ``eps * max(m, n)`` of
the input's dtype), rounded to the input's dtype.  PyTorch's CPU default driver 'gelsy' (a QR with column
pivoting) gets the same solution for matrices of full rank, but MKL computes it in the input's dtype and
rounds otherwise: the last bits differ (measured: relative differences up to 8e-7 in float32, 1e-14 in
float64; almost never equal to the bit), so the test programs print at the default 4 digits.  The pseudo-inverse is the
SVD's ``V diag(1/s) U^T`` (s above ``eps * max(m, n) * max(s)``), as PyTorch's linalg.pinv.

Symbolic rules: for a matrix of full rank, ``pinv(A) = (A^T A)^-1 A^T`` (tall) or ``A^T (A A^T)^-1`` (wide),
whose inverse is core.ops.decompositions' (exact up to 4x4, first order beyond); the solution is
``pinv(A) B``; the residuals' rule is exact for a one-column A, their first-order expansion at the point beyond.  NOTE: at a rank-deficient matrix the pseudo-inverse is not differentiable (it jumps when the
rank changes): the rule is the full-rank formula, which has no value there.
"""
from __future__ import annotations

import numpy as np

from core.ops.decompositions import _check
from core.ops.registry import REGISTRY, SPECIAL, apply, call, defop
from core.ops.vjp import raw as _raw
from core.tensor.tensor import Tensor

DRIVERS = ("gels", "gelsy", "gelsd", "gelss")
EXACT_RESIDUAL_COLUMNS = 1   # the residuals' exact symbolic rule for a one-column A; first order beyond


# ---------------------------------------------------------------------------
# pinv
# ---------------------------------------------------------------------------

def pinv_array(a):
    """The pseudo-inverse of a batch of matrices in ``a``'s dtype (SVD in float64, PyTorch's default cutoff)."""
    a = np.asarray(a)
    m, n = a.shape[-2:]
    if m == 0 or n == 0:
        return np.zeros(a.shape[:-2] + (n, m), dtype=a.dtype)
    u, s, vh = np.linalg.svd(a.astype(np.float64), full_matrices=False)
    cutoff = np.finfo(a.dtype).eps * max(m, n) * s[..., :1]
    with np.errstate(divide="ignore"):
        inv = np.where(s > cutoff, 1.0 / s, 0.0)
    return (np.swapaxes(vh, -1, -2) * inv[..., None, :] @ np.swapaxes(u, -1, -2)).astype(a.dtype)


@defop("pinv", "LinalgPinvBackward0", needs={0: (0,)}, saves_result=True, dtype_rule="keep", input_names=("self",),
       pytorch=call("torch.linalg.pinv", 0))
def pinv(a):
    return pinv_array(_check("pinv", a, need_square=False))


def _pinv_backward(F, g, p, a, m, n):
    """PyTorch's ``pinv_backward``: the gradient of ``P = pinv(A)`` from ``g`` (P's), for A of any rank."""
    ph, gh = F.mT(p), F.mT(g)
    if m <= n:
        k = F.matmul(gh, p)
        kph = F.matmul(k, ph)
        return -F.mT(F.matmul(p, k)) + kph - F.matmul(F.matmul(a, p), kph) + \
            F.matmul(F.matmul(ph, p), gh - F.matmul(k, a))
    k = F.matmul(p, gh)
    phk = F.matmul(ph, k)
    return -F.mT(F.matmul(k, p)) + phk - F.matmul(F.matmul(phk, p), a) + \
        F.matmul(F.matmul(gh - F.matmul(a, k), p), ph)


@pinv.def_vjp
def _(ctx, g, F):
    m, n = ctx._in_meta[0][0][-2:]
    return _pinv_backward(F, g, ctx.result(F), ctx.input(0, F), m, n),


def _pinv_symbolic(S, a, x):
    """The full-rank pseudo-inverse of the object matrices ``a`` (numbers ``x``)."""
    at, xt = np.swapaxes(a, -1, -2), np.swapaxes(x, -1, -2)
    inverse = REGISTRY["inverse"].symbolic
    if x.shape[-2] >= x.shape[-1]:
        return S.obj(S.obj(inverse(S, [S.obj(at @ a)], [xt @ x])) @ at)
    return S.obj(at @ S.obj(inverse(S, [S.obj(a @ at)], [x @ xt])))


@pinv.def_symbolic
def _(S, s, n):
    return _pinv_symbolic(S, S.obj(s[0]), np.asarray(n[0], dtype=np.float64))


# ---------------------------------------------------------------------------
# lstsq: solution and residuals
# ---------------------------------------------------------------------------

def lstsq_arrays(a, b, driver="gelsy", rcond=None, vector=False):
    """``solution, residuals, rank, singular_values`` as torch.linalg.lstsq gives them on CPU (arrays; rank
    int64; core.torch.linalg checks the arguments)."""
    a, b = np.asarray(a), np.asarray(b)
    rhs = b[..., None] if vector else b
    m, n = a.shape[-2:]
    k = rhs.shape[-1]
    batch = np.broadcast_shapes(a.shape[:-2], rhs.shape[:-2])
    a_all = np.broadcast_to(a, batch + (m, n))
    rhs = np.broadcast_to(rhs, batch + (m, k))
    if rcond is None:
        rcond = float(np.finfo(a.dtype).eps) * max(m, n)
    x = np.zeros(batch + (n, k))
    ranks = np.zeros(batch, dtype=np.int64)
    svals = np.zeros(batch + (min(m, n),))
    for idx in np.ndindex(*batch):
        if m and n:
            x[idx], _, ranks[idx], svals[idx] = np.linalg.lstsq(a_all[idx].astype(np.float64),
                                                                rhs[idx].astype(np.float64), rcond=rcond)
    # residuals: for the drivers other than gelsy, when m > n and (except gels, which assumes it) of full rank
    full = m > n and driver != "gelsy" and (driver == "gels" or bool(np.all(ranks == n)))
    if full:
        residuals = np.sum((a_all.astype(np.float64) @ x - rhs) ** 2, axis=-2).astype(a.dtype)   # (..., k)
    else:
        residuals = np.zeros((0,), dtype=a.dtype)
    solution = (x[..., 0] if vector else x).astype(a.dtype)
    rank = ranks if driver != "gels" else np.zeros((0,), dtype=np.int64)
    singular = svals.astype(a.dtype) if driver in ("gelsd", "gelss") else np.zeros((0,), dtype=a.dtype)
    return solution, residuals, rank, singular


@defop("lstsq_solution", "LinalgLstsqBackward0", needs={0: (0, 1), 1: (0,)}, dtype_rule="keep",
       input_names=("self", "b"), pytorch=SPECIAL)
def lstsq_solution(a, b, driver="gelsy", rcond=None, vector=False):
    return lstsq_arrays(a, b, driver, rcond, vector)[0]


@defop("lstsq_residuals", "LinalgLstsqBackward0", needs={0: (0, 1), 1: (0, 1)}, dtype_rule="keep",
       input_names=("self", "b"), pytorch=SPECIAL)
def lstsq_residuals(a, b, driver="gelsy", rcond=None, vector=False):
    return lstsq_arrays(a, b, driver, rcond, vector)[1]


def _pinv_of(ctx, F):
    a = ctx.input(0, F)
    return a, (apply(pinv, (a,)) if isinstance(a, Tensor) else pinv_array(a))


@lstsq_solution.def_vjp
def _(ctx, g, F):
    # X = pinv(A) B: B's gradient is pinv(A)^T g, A's the pseudo-inverse's for pinv's gradient g B^T
    vector = ctx.params.get("vector", False)
    a, p = _pinv_of(ctx, F)
    g = F.unsqueeze(g, -1) if vector else g
    ga = gb = None
    if ctx.wants(0):
        b = ctx.input(1, F)
        m, n = ctx._in_meta[0][0][-2:]
        ga = _pinv_backward(F, F.matmul(g, F.mT(F.unsqueeze(b, -1) if vector else b)), p, a, m, n)
    if ctx.wants(1):
        gb = F.matmul(F.mT(p), g)
        if vector:
            gb = F.reshape(gb, np.shape(_raw(gb))[:-1])
    return ga, gb


@lstsq_residuals.def_vjp
def _(ctx, g, F):
    # r_k = ||A x_k - b_k||^2 at the least-squares x (where A^T (A x - b) = 0, so x's change drops out):
    # A's gradient is 2 (A X - B) diag(g) X^T, B's -2 (A X - B) diag(g)
    p = ctx.params
    if np.size(_raw(g)) == 0:
        return (F.zeros_like(ctx.input(0, F)) if ctx.wants(0) else None,
                F.zeros_like(ctx.input(1, F)) if ctx.wants(1) else None)
    vector = p.get("vector", False)
    a, b = ctx.input(0, F), ctx.input(1, F)
    x = apply(lstsq_solution, (a, b), p) if isinstance(a, Tensor) else \
        F.const(lstsq_arrays(a, b, p.get("driver", "gelsy"), p.get("rcond"), vector)[0])
    if vector:   # the residuals of a vector b are of shape (1,)
        x, b = F.unsqueeze(x, -1), F.unsqueeze(b, -1)
    r = (F.matmul(a, x) - b) * F.unsqueeze(g, -2) * F.const(np.asarray(2.0, dtype=np.result_type(_raw(a))))
    ga = F.matmul(r, F.mT(x)) if ctx.wants(0) else None
    gb = -r if ctx.wants(1) else None
    if vector and gb is not None:
        gb = F.reshape(gb, np.shape(_raw(gb))[:-1])
    return ga, gb


def _solution_symbolic(S, s, n, vector):
    a, x = S.obj(s[0]), np.asarray(n[0], dtype=np.float64)
    b = S.obj(s[1])
    rhs = b[..., None] if vector else b
    out = S.obj(_pinv_symbolic(S, a, x) @ rhs)
    return out, a, rhs


@lstsq_solution.def_symbolic
def _(S, s, n, driver="gelsy", rcond=None, vector=False):
    out = _solution_symbolic(S, s, n, vector)[0]
    return out[..., 0] if vector else out


@lstsq_residuals.def_symbolic
def _(S, s, n, driver="gelsy", rcond=None, vector=False):
    # NOTE: exact (sum of squares of A pinv(A) B - B) for a one-column A; beyond, the first-order expansion at
    # the point (as the SVD's rule): r_k + 2 (A x_k - b_k)^T (dA x_k - db_k), where x's own change drops out
    # (A^T (A x - b) = 0 at the least-squares x): the exact rational function is too large to simplify for
    # the local-derivative view (it would hang there).
    a, b = np.asarray(n[0], dtype=np.float64), np.asarray(n[1], dtype=np.float64)
    if driver == "gelsy" or a.shape[-2] <= a.shape[-1]:
        return np.empty(np.broadcast_shapes(a.shape[:-2], b.shape[:-1] if vector else b.shape[:-2]) + (0,),
                        dtype=object)
    if a.shape[-1] == EXACT_RESIDUAL_COLUMNS:
        x_sym, a_sym, rhs_sym = _solution_symbolic(S, s, n, vector)
        r = S.obj(a_sym @ x_sym - rhs_sym)
        return S.obj(np.sum(r * r, axis=-2))
    x = lstsq_arrays(a, b, driver, rcond, vector)[0]
    rhs, x = (b[..., None], x[..., None]) if vector else (b, x)
    values = np.sum((a @ x - rhs) ** 2, axis=-2)   # (a rank-deficient A, where PyTorch gives none: the same sums)
    da = S.obj(s[0]) - S.const(a)
    db = S.obj(s[1]) - S.const(b)
    db = db[..., None] if vector else db
    change = S.obj(S.obj(da @ S.const(x)) - db)
    return S.obj(S.const(values) + S.obj(np.sum(S.const(2 * (a @ x - rhs)) * change, axis=-2)))
