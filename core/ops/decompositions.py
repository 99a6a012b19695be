"""Matrix functions from decompositions: det, inverse and the SVD (U, S and Vh).

PyTorch's SVD makes one node (``LinalgSvdBackward0``) with three outputs.  The
registry's ops have one output each, so U, S and Vh are three ops that compute
the same decomposition, each with its own ``LinalgSvdBackward0`` node and the
part of the vjp its output gets (the vjp is linear in the output gradients, so
the sum over the three nodes is PyTorch's one).  ``torch.svd`` and
``torch.std_mean`` (core.ops.reduce) are built the same way.

Numbers.  ``det`` follows the LU factorisation LAPACK's getrf does in PyTorch
(partial pivoting, on the transposed matrix: a row-major tensor is what a
column-major LAPACK sees transposed), so float32 determinants of matrices up to
16x16 are PyTorch's to the bit.  The SVD is numpy's (LAPACK gesdd in float64,
rounded to the input's dtype): PyTorch's float32 gesdd (MKL) rounds
differently in the last bit, and for wide matrices (fewer rows than columns)
MKL may pick other signs for a pair of singular vectors.

Symbolic rules: ``det`` and ``inverse`` are exact polynomials / rational
functions of the elements for small matrices.  The SVD has no closed form, so
its rule is its first-order expansion at the program's point (the forward-mode
perturbation formulas, derived apart from the reverse-mode vjp): exact values
and Jacobian there, but no second derivative (a Hessian through an SVD is not
witnessed symbolically).
"""
from __future__ import annotations

import itertools

import numpy as np

from core import dtypes
from core.ops.registry import REGISTRY, SPECIAL, apply, call, defop
from core.ops.vjp import raw as _raw
from core.tensor.tensor import Tensor

# Exact symbolic forms up to these sizes (n! terms); larger matrices get the first-order expansion.
EXACT_DET = 6
EXACT_INVERSE = 4


class _LinAlgError(RuntimeError):
    """PyTorch's ``torch.linalg.LinAlgError`` (``torch._C._LinAlgError``): a singular matrix."""


_LinAlgError.__module__ = "torch._C"


def _check(name, a, need_square=True):
    """PyTorch's argument checks of linalg.det / linalg.inv / linalg.svd."""
    a = np.asarray(a)
    if a.dtype.kind not in "fc":
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as input. "
                           f"Got {dtypes.from_numpy(a.dtype).scalar_name}")
    if a.ndim < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor A must have at least 2 dimensions.")
    if need_square and a.shape[-1] != a.shape[-2]:
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                           f"{a.shape[-2]} by {a.shape[-1]} matrices")
    if a.dtype == np.float16:
        raise NotImplementedError(f"\"{'lu_cpu' if name != 'svd' else 'linalg_svd_cpu'}\" not implemented for 'Half'")
    return a


# ---------------------------------------------------------------------------
# det
# ---------------------------------------------------------------------------

def _lu_det(m):
    """The determinant of one square matrix as LAPACK's getrf gets it in PyTorch.

    PyTorch hands its row-major matrix to column-major LAPACK, which factors the
    transpose (same determinant).  Partial pivoting picks the first largest |x|;
    the column below a pivot is scaled by the pivot's reciprocal, except (MKL's
    kernels for n <= 4) in the second-to-last column, which is divided."""
    # NOTE: this order of operations matches MKL 2024's sgetrf/dgetrf for n <= 16 (checked on thousands
    # of random matrices); larger matrices are factored in blocks and may differ in the last bit.
    a = np.array(m.T, dtype=m.dtype, copy=True)
    n = a.shape[0]
    one = a.dtype.type(1)
    tiny = np.finfo(a.dtype).tiny
    negative = False
    for j in range(n):
        p = j + int(np.argmax(np.abs(a[j:, j])))
        if p != j:
            a[[j, p]] = a[[p, j]]
            negative = not negative
        pivot = a[j, j]
        if j + 1 < n and pivot != 0:
            if abs(pivot) >= tiny and not (n <= 4 and j == n - 2):
                a[j + 1:, j] = a[j + 1:, j] * (one / pivot)
            else:
                a[j + 1:, j] = a[j + 1:, j] / pivot
            a[j + 1:, j + 1:] = a[j + 1:, j + 1:] - np.outer(a[j + 1:, j], a[j, j + 1:])
    d = -one if negative else one
    for i in range(n):
        d = d * a[i, i]
    return d


@defop("det", "LinalgDetBackward0", needs={0: (0,)}, saves_result=True, dtype_rule="keep", input_names=("A",),
       pytorch=call("torch.linalg.det", 0))
def det(a):
    a = _check("det", a)
    batch = a.shape[:-2]
    out = np.empty(batch, dtype=a.dtype)
    for idx in np.ndindex(*batch):
        out[idx] = _lu_det(a[idx]) if a.shape[-1] else a.dtype.type(1)
    return out[()]


@det.def_vjp
def _(ctx, g, F):
    # d det(A) / dA is the cofactor matrix of A, det(A) * inv(A)^T where A is invertible
    a = ctx.input(0, F)
    g = F.unsqueeze(F.unsqueeze(g, -1), -1)
    if isinstance(a, Tensor):
        # under create_graph: a graph of det(A) * inv(A)^T (A must be invertible)
        return g * F.unsqueeze(F.unsqueeze(ctx.result(F), -1), -1) * F.mT(apply(REGISTRY["inverse"], (a,))),
    # NOTE: PyTorch's gradient at an exactly singular matrix (det == 0) is zero, not the cofactors
    singular = np.asarray(ctx.result(F)) == 0
    cof = _cofactors_svd(a)
    return g * np.where(singular[..., None, None], np.zeros_like(cof), cof),


def _cofactors_svd(a):
    """The cofactor matrices of a batch, from the SVD A = U S V^T: det(U) det(V) U diag(prod_{j!=i} s_j) V^T.

    NOTE: exact for singular and nearly singular matrices too, where det * inv(A)^T loses every digit
    (PyTorch gives the cofactors there as well)."""
    x = np.asarray(a, dtype=np.float64)
    if x.shape[-1] == 0:
        return np.zeros(x.shape, dtype=np.asarray(a).dtype)
    u, s, vh = np.linalg.svd(x)
    k = s.shape[-1]
    others = np.stack([np.prod(np.delete(s, i, axis=-1), axis=-1) for i in range(k)], axis=-1)
    sign = np.linalg.det(u) * np.linalg.det(vh)
    return (sign[..., None, None] * (u * others[..., None, :]) @ vh).astype(np.asarray(a).dtype)


def _leibniz(m):
    """The determinant of an object matrix (n small): the sum over permutations."""
    n = m.shape[0]
    if n == 0:
        return 1
    total = 0
    for perm in itertools.permutations(range(n)):
        inversions = sum(1 for i in range(n) for j in range(i + 1, n) if perm[i] > perm[j])
        term = 1
        for i in range(n):
            term = term * m[i, perm[i]]
        total = total + term if inversions % 2 == 0 else total - term
    return total


def _cofactors(x):
    """The cofactor matrix of a float64 matrix (by minors, so singular matrices have one too)."""
    n = x.shape[0]
    c = np.empty_like(x)
    for i in range(n):
        for j in range(n):
            minor = np.delete(np.delete(x, i, 0), j, 1)
            c[i, j] = (-1) ** (i + j) * (np.linalg.det(minor) if n > 1 else 1.0)
    return c


@det.def_symbolic
def _(S, s, n):
    a = S.obj(s[0])
    raw = np.asarray(n[0])
    x = np.asarray(raw, dtype=np.float64)
    size = x.shape[-1]
    out = np.empty(x.shape[:-2], dtype=object)
    for idx in np.ndindex(*x.shape[:-2]):
        if size and raw.dtype.kind == "f" and _lu_det(raw[idx]) == 0:
            # NOTE: where the determinant the forward computes (in the program's dtype) is exactly 0,
            # PyTorch's LinalgDetBackward0 gives zero, not the cofactor matrix that is the derivative
            # of the polynomial: the rule is the constant 0 there, whose derivative is PyTorch's (as a
            # tie of max is the mean of the tied elements). The float64 differences see the cofactors,
            # and the analysis says why they differ.
            out[idx] = S.ZERO
        elif size <= EXACT_DET:
            out[idx] = _leibniz(a[idx])
        else:
            # NOTE: first-order expansion at the point for large matrices (n! terms otherwise)
            cof = _cofactors(x[idx])
            out[idx] = S.obj(S.const(np.linalg.det(x[idx])))[()] + S.sum(S.const(cof) * (a[idx] - S.const(x[idx])))[()]
    return out


# ---------------------------------------------------------------------------
# inverse
# ---------------------------------------------------------------------------

@defop("inverse", "LinalgInvExBackward0", saves_result=True, dtype_rule="keep", input_names=("A",),
       pytorch=call("torch.linalg.inv", 0))
def inverse(a):
    a = _check("inv", a)
    batch = a.shape[:-2]
    out = np.empty(a.shape, dtype=a.dtype)
    for k, idx in enumerate(np.ndindex(*batch)):
        m = a[idx]
        zero = _singular_at(m)
        if zero is not None:
            where = f"(Batch element {k}): " if batch else ""
            raise _LinAlgError(f"linalg.inv: {where}The diagonal element {zero} is zero, the inversion could not "
                               "be completed because the input matrix is singular.")
        out[idx] = np.linalg.inv(m.astype(np.float64)).astype(a.dtype) if m.size else m
    return out


@defop("solve", "LinalgSolveExBackward0", needs={0: (0,), 1: (0,)}, saves_result=True, dtype_rule="keep",
       input_names=("A", "B"), pytorch=call("torch.linalg.solve", 0, 1))
def solve(a, b, vector=False):
    """X with A X = B (``vector``: B a vector, or a batch of them), by an LU factorisation with partial
    pivoting in float64 (LAPACK's, through numpy; PyTorch calls its own LAPACK build in the input's dtype, so
    the last bits may differ); core.torch.linalg checks the shapes and dtypes."""
    a, b = np.asarray(a), np.asarray(b)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-1] if vector else b.shape[:-2])
    rhs = b[..., None] if vector else b
    a_all = np.broadcast_to(a, batch + a.shape[-2:])
    rhs = np.broadcast_to(rhs, batch + rhs.shape[-2:])
    out = np.empty(rhs.shape, dtype=a.dtype)
    for idx in np.ndindex(*batch):
        if _singular_at(a_all[idx]) is not None:
            raise _LinAlgError("torch.linalg.solve: The solver failed because the input matrix is singular.")
        out[idx] = np.linalg.solve(a_all[idx].astype(np.float64), rhs[idx].astype(np.float64)) if rhs[idx].size \
            else rhs[idx]
    return out[..., 0] if vector else out


@solve.def_vjp
def _(ctx, g, F):
    # X = A^-1 B: the gradient for B is A^-T g, for A minus that times X^T
    vector = ctx.params.get("vector", False)
    gb = F.matmul(F.mT(F.inverse(ctx.input(0, F))), F.unsqueeze(g, -1) if vector else g)
    x = ctx.result(F)
    ga = -F.matmul(gb, F.mT(F.unsqueeze(x, -1) if vector else x)) if ctx.wants(0) else None
    if vector:
        gb = F.reshape(gb, np.shape(_raw(gb))[:-1])
    return ga, gb if ctx.wants(1) else None


@solve.def_symbolic
def _(S, s, n, vector=False):
    inv = S.obj(REGISTRY["inverse"].symbolic(S, [s[0]], [n[0]]))
    b = S.obj(s[1])
    return S.obj((inv @ b[..., None])[..., 0] if vector else inv @ b)


def _singular_at(m):
    """The (1-based) diagonal element of U that is exactly zero in the LU factorisation, or None."""
    a = np.array(m.T, dtype=np.float64, copy=True)
    n = a.shape[0]
    for j in range(n):
        p = j + int(np.argmax(np.abs(a[j:, j])))
        a[[j, p]] = a[[p, j]]
        if a[j, j] == 0:
            return j + 1
        a[j + 1:, j] = a[j + 1:, j] / a[j, j]
        a[j + 1:, j + 1:] = a[j + 1:, j + 1:] - np.outer(a[j + 1:, j], a[j, j + 1:])
    return None


@inverse.def_vjp
def _(ctx, g, F):
    # d inv(A) = -inv(A) dA inv(A), so the gradient is -inv(A)^T g inv(A)^T
    r_t = F.mT(ctx.result(F))
    return -F.matmul(F.matmul(r_t, g), r_t),


@inverse.def_symbolic
def _(S, s, n):
    a = S.obj(s[0])
    x = np.asarray(n[0], dtype=np.float64)
    size = x.shape[-1]
    out = np.empty(x.shape, dtype=object)
    for idx in np.ndindex(*x.shape[:-2]):
        m = a[idx]
        if size <= EXACT_INVERSE:
            d = _leibniz(m)
            for i in range(size):
                for j in range(size):
                    minor = np.delete(np.delete(m, j, 0), i, 1)
                    out[idx + (i, j)] = (-1) ** (i + j) * _leibniz(minor) / d
        else:
            # NOTE: first-order expansion at the point for large matrices
            r0 = np.linalg.inv(x[idx])
            out[idx] = S.const(r0) - S.const(r0) @ (m - S.const(x[idx])) @ S.const(r0)
    return out


# ---------------------------------------------------------------------------
# QR: Q and R, two ops of one decomposition (each node LinalgQrBackward0)
# ---------------------------------------------------------------------------

def qr_arrays(a, mode):
    """numpy's Householder QR (LAPACK's geqrf/orgqr in float64) in ``a``'s dtype: ``Q, R`` (Q empty for
    mode 'r'); the signs are LAPACK's, as PyTorch's; the last bits of float32 may differ from PyTorch's."""
    a = _check("qr", a, need_square=False)
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), 'r', "
                           "or 'complete'")
    q, r = np.linalg.qr(a.astype(np.float64), mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        q = np.zeros((0,), np.float64)
    return q.astype(a.dtype), r.astype(a.dtype)


@defop("qr_Q", "LinalgQrBackward0", needs={0: (0,)}, dtype_rule="keep", input_names=("A",), pytorch=SPECIAL)
def qr_Q(a, mode="reduced"):
    return qr_arrays(a, mode)[0]


@defop("qr_R", "LinalgQrBackward0", needs={0: (0,)}, dtype_rule="keep", input_names=("A",), pytorch=SPECIAL)
def qr_R(a, mode="reduced"):
    return qr_arrays(a, mode)[1]


def _qr_vjp(ctx, gq, gr, F):
    """A = QR with m >= n (reduced): with M = R gR^T - gQ^T Q, the gradient is (gQ + Q sym(M)) R^-T, where
    sym(M) copies M's lower triangle above the diagonal.  A wide A = [X | Y] (m < n) is X = Q R1 and
    Y = Q R2: Y's gradient is Q gR2, and X's the square case's with gQ + Y gR2^T for gQ."""
    mode = ctx.params.get("mode", "reduced")
    m, n = ctx._in_meta[0][0][-2:]
    if mode == "r":
        raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please "
                           "use linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.")
    if mode == "complete" and m > n:
        raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.")
    a = ctx.input(0, F)
    q, r = F.qr(a)
    if m >= n:
        return _qr_square_or_tall(F, q, r, gq, gr, n),
    dt = np.result_type(_raw(r))
    left, right = (F.const(np.eye(n, dtype=dt)[:, :m]), F.const(np.eye(n, dtype=dt)[:, m:]))   # picks X, Y
    y = F.matmul(a, right)
    gr1 = None if gr is None else F.matmul(gr, left)
    gr2 = None if gr is None else F.matmul(gr, right)
    gq_x = gq if gr2 is None else F.matmul(y, F.mT(gr2)) if gq is None else gq + F.matmul(y, F.mT(gr2))
    gx = _qr_square_or_tall(F, q, F.matmul(r, left), gq_x, gr1, m)
    ga = F.matmul(gx, F.mT(left))
    return (ga if gr2 is None else ga + F.matmul(F.matmul(q, gr2), F.mT(right))),


def _qr_square_or_tall(F, q, r, gq, gr, n):
    """The gradient of A = QR (m >= n, reduced) from gQ and gR (either may be None)."""
    M = -F.matmul(F.mT(gq), q) if gr is None else F.matmul(r, F.mT(gr)) if gq is None else \
        F.matmul(r, F.mT(gr)) - F.matmul(F.mT(gq), q)
    lower = F.tril(M, -1)
    sym = lower + F.mT(lower) + M * F.const(np.eye(n, dtype=np.result_type(_raw(M))))
    inner = F.matmul(q, sym) if gq is None else gq + F.matmul(q, sym)
    return F.matmul(inner, F.mT(F.inverse(r)))


qr_Q.def_vjp(lambda ctx, g, F: _qr_vjp(ctx, g, None, F))
qr_R.def_vjp(lambda ctx, g, F: _qr_vjp(ctx, None, g, F))


def _qr_symbolic(S, s, n, mode="reduced"):
    """Gram-Schmidt on the symbolic columns, each column's sign set to LAPACK's at the point."""
    a = S.obj(s[0])
    x = np.asarray(n[0], dtype=np.float64)
    q_num, r_num = np.linalg.qr(x)
    rows, cols = x.shape[-2:]
    k = min(rows, cols)
    qs = np.empty(x.shape[:-2] + (rows, k), dtype=object)
    rs = np.empty(x.shape[:-2] + (k, cols), dtype=object)
    for idx in np.ndindex(*x.shape[:-2]):
        m = a[idx]
        basis = []
        for j in range(cols):
            v = m[:, j].copy()
            for i, qi in enumerate(basis):
                rs[idx + (i, j)] = np.sum(qi * m[:, j])
                v = v - rs[idx + (i, j)] * qi
            if j < k:
                sign = 1 if r_num[idx + (j, j)] >= 0 else -1
                squares = np.empty(1, dtype=object)
                squares[0] = np.sum(v * v)
                length = S.sqrt(squares)[0]
                rs[idx + (j, j)] = sign * length
                basis.append(v / rs[idx + (j, j)])
                for i in range(j + 1, k):
                    rs[idx + (i, j)] = S.number(0)
        qs[idx] = np.stack(basis, axis=-1) if basis else qs[idx]
    return qs, rs


qr_Q.def_symbolic(lambda S, s, n, mode="reduced": S.obj(_qr_symbolic(S, s, n, mode)[0]))
qr_R.def_symbolic(lambda S, s, n, mode="reduced": S.obj(_qr_symbolic(S, s, n, mode)[1]))


# ---------------------------------------------------------------------------
# SVD: U, S, Vh
# ---------------------------------------------------------------------------

def svd_arrays(a, full_matrices):
    """numpy's SVD (gesdd in float64) in ``a``'s dtype: ``U, S, Vh``."""
    a = np.asarray(a)
    m, n = a.shape[-2], a.shape[-1]
    k = min(m, n)
    batch = a.shape[:-2]
    if k == 0:
        eye_m, eye_n = np.broadcast_to(np.eye(m, dtype=a.dtype), batch + (m, m)), \
            np.broadcast_to(np.eye(n, dtype=a.dtype), batch + (n, n))
        u = eye_m.copy() if full_matrices else np.zeros(batch + (m, 0), dtype=a.dtype)
        vh = eye_n.copy() if full_matrices else np.zeros(batch + (0, n), dtype=a.dtype)
        return u, np.zeros(batch + (0,), dtype=a.dtype), vh
    u, s, vh = np.linalg.svd(a.astype(np.float64), full_matrices=full_matrices)
    return u.astype(a.dtype), s.astype(a.dtype), vh.astype(a.dtype)


def _svd_check(a):
    a = np.asarray(a)
    if a.dtype.kind not in "fc":
        raise RuntimeError("linalg.svd: Expected a floating point or complex tensor as input. "
                           f"Got {dtypes.from_numpy(a.dtype).scalar_name}")
    if a.ndim < 2:
        raise RuntimeError("linalg.svd: The input tensor A must have at least 2 dimensions.")
    if a.dtype == np.float16:
        raise NotImplementedError("\"linalg_svd_cpu\" not implemented for 'Half'")
    return a


@defop("svd_U", "LinalgSvdBackward0", needs={0: (0,)}, dtype_rule="keep", input_names=("A",), pytorch=SPECIAL)
def svd_U(a, full_matrices=True):
    return svd_arrays(_svd_check(a), full_matrices)[0]


@defop("svdvals", "LinalgSvdBackward0", needs={0: (0,)}, dtype_rule="keep", input_names=("A",),
       pytorch=call("torch.linalg.svdvals", 0))
def svdvals(a):
    return svd_arrays(_svd_check(a), False)[1]


@defop("svd_Vh", "LinalgSvdBackward0", needs={0: (0,)}, dtype_rule="keep", input_names=("A",), pytorch=SPECIAL)
def svd_Vh(a, full_matrices=True):
    return svd_arrays(_svd_check(a), full_matrices)[2]


def _factors(ctx, F):
    """The reduced U, S, V of the saved input: arrays, or (under create_graph) tensors made by the
    SVD ops themselves, so that the backward can be differentiated again."""
    a = ctx.input(0, F)
    if isinstance(a, Tensor):
        reduced = {"full_matrices": False}
        u = apply(svd_U, (a,), reduced)
        vh = apply(svd_Vh, (a,), reduced)
        return u, apply(svdvals, (a,)), F.mT(vh)
    u, s, vh = svd_arrays(a, False)
    return u, s, F.mT(vh)


def _gap(s, F):
    """``1 / (s_j^2 - s_i^2)`` off the diagonal, 0 on it (inf where two singular values are equal, as in PyTorch)."""
    k = np.shape(_raw(s))[-1]
    dtype = np.result_type(_raw(s))
    eye = np.eye(k, dtype=dtype)
    sq = s * s
    diff = F.unsqueeze(sq, -2) - F.unsqueeze(sq, -1)
    return F.const(1 - eye) / (diff + F.const(eye))


def _svd_vjp(ctx, gu, gs, gv, F):
    """The gradient of A = U diag(S) V^T (reduced, real) from the gradients of U, S and V (None: zero)."""
    u, s, v = _factors(ctx, F)
    m, n = np.shape(_raw(u))[-2], np.shape(_raw(v))[-2]
    k = np.shape(_raw(s))[-1]
    dtype = np.result_type(_raw(s))
    row, col = F.unsqueeze(s, -2), F.unsqueeze(s, -1)   # scale columns j / rows i by s
    inner = None

    def add(x, y):
        return y if x is None else x + y
    if gs is not None:
        inner = F.unsqueeze(gs, -1) * F.const(np.eye(k, dtype=dtype))
    extra = None
    if gu is not None:
        ut_gu = F.matmul(F.mT(u), gu)
        inner = add(inner, (_gap(s, F) * (ut_gu - F.mT(ut_gu))) * row)
        if m > k:
            proj = gu - F.matmul(u, ut_gu)          # (I - U U^T) gU
            extra = F.matmul(proj / row, F.mT(v))
    if gv is not None:
        vt_gv = F.matmul(F.mT(v), gv)
        inner = add(inner, col * (_gap(s, F) * (vt_gv - F.mT(vt_gv))))
        if n > k:
            proj = gv - F.matmul(v, vt_gv)          # (I - V V^T) gV
            extra = add(extra, F.matmul(u / row, F.mT(proj)))
    out = F.matmul(F.matmul(u, inner), F.mT(v))
    return out if extra is None else out + extra


def _first_columns(g, k, F, rows):
    """The gradient of the first k singular vectors (full_matrices: the others have no derivative; PyTorch
    drops their gradient too)."""
    shape = np.shape(_raw(g))
    if (shape[-1] if not rows else shape[-2]) == k:
        return g
    if rows:
        return F.index(g, (Ellipsis, slice(0, k), slice(None)))
    return F.index(g, (Ellipsis, slice(None), slice(0, k)))


@svd_U.def_vjp
def _(ctx, g, F):
    m, n = ctx._in_meta[0][0][-2:]
    return _svd_vjp(ctx, _first_columns(g, min(m, n), F, rows=False), None, None, F),


@svdvals.def_vjp
def _(ctx, g, F):
    return _svd_vjp(ctx, None, g, None, F),


@svd_Vh.def_vjp
def _(ctx, g, F):
    m, n = ctx._in_meta[0][0][-2:]
    return _svd_vjp(ctx, None, None, F.mT(_first_columns(g, min(m, n), F, rows=True)), F),


def _svd_tangent(S, s, n):
    """The SVD's first-order expansion at the point: values and their linear change with dA = s - n.

    With P = U^T dA V:  dS = diag(P);  dU = U (G * (P S + S P^T)) + (I - U U^T) dA V S^-1;
    dV = V (G * (S P + P^T S)) + (I - V V^T) dA^T U S^-1;  G_ij = 1 / (s_j^2 - s_i^2) off the diagonal."""
    x = np.asarray(n[0], dtype=np.float64)
    m, cols = x.shape[-2:]
    k = min(m, cols)
    u, sv, vh = np.linalg.svd(x, full_matrices=True) if k else svd_arrays(x, True)
    uk, vk = u[..., :, :k], np.swapaxes(vh, -1, -2)[..., :, :k]
    da = S.obj(s[0]) - S.const(x)
    p = S.obj(np.swapaxes(S.const(uk), -1, -2) @ da @ S.const(vk))
    sq = sv ** 2
    with np.errstate(divide="ignore"):
        gap = np.where(np.eye(k, dtype=bool), 0.0, 1.0 / (sq[..., None, :] - sq[..., :, None]))
    row, col = sv[..., None, :], sv[..., :, None]
    pt = np.swapaxes(p, -1, -2)
    ds = S.obj(np.diagonal(p, axis1=-2, axis2=-1))
    du = S.const(uk) @ (S.const(gap) * (p * S.const(row) + S.const(col) * pt))
    dv = S.const(vk) @ (S.const(gap) * (S.const(col) * p + pt * S.const(row)))
    if m > k:
        du = du + (S.const(np.eye(m) - uk @ np.swapaxes(uk, -1, -2)) @ da @ S.const(vk)) * S.const(1 / row)
    if cols > k:
        du_t = np.swapaxes(da, -1, -2)
        dv = dv + (S.const(np.eye(cols) - vk @ np.swapaxes(vk, -1, -2)) @ du_t @ S.const(uk)) * S.const(1 / row)
    return u, sv, vh, S.obj(du), ds, S.obj(dv), k


@svd_U.def_symbolic
def _(S, s, n, full_matrices=True):
    u, _, _, du, _, _, k = _svd_tangent(S, s, n)
    out = S.const(u if full_matrices else u[..., :, :k]).copy()
    out[..., :, :k] = S.const(u[..., :, :k]) + du
    return out


@svdvals.def_symbolic
def _(S, s, n):
    _, sv, _, _, ds, _, _ = _svd_tangent(S, s, n)
    return S.obj(S.const(sv) + ds)


@svd_Vh.def_symbolic
def _(S, s, n, full_matrices=True):
    _, _, vh, _, _, dv, k = _svd_tangent(S, s, n)
    out = S.const(vh if full_matrices else vh[..., :k, :]).copy()
    out[..., :k, :] = S.const(vh[..., :k, :]) + np.swapaxes(dv, -1, -2)
    return out
