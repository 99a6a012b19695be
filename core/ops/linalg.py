"""Matrix products: mm, mv, dot, bmm (matmul is composed from them in api); the cross product."""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops import gemm, vecmath
from core.ops.registry import REGISTRY, apply, call, defop
from core.ops.shape_errors import broadcast_error
from core.ops.vjp import raw as _raw
from core.tensor.tensor import Tensor


def _torch(array):
    """The torch dtype of an operand (an array here), whose names PyTorch's messages use."""
    return dtypes.from_numpy(array.dtype)


def _same_dtype(a, b, what="m1 and m2"):
    if a.dtype != b.dtype:
        raise RuntimeError(f"expected {what} to have the same dtype, but got: "
                           f"{_torch(a).cpp_name} != {_torch(b).cpp_name}")


@defop("mm", "MmBackward0", needs={0: (1,), 1: (0,)}, dtype_rule="keep", input_names=("self", "mat2"),
       has_aux=True, pytorch=call("torch.mm", 0, 1))
def mm(a, b):
    if np.ndim(a) != 2:
        raise RuntimeError("self must be a matrix")
    if np.ndim(b) != 2:
        raise RuntimeError("mat2 must be a matrix")
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
                           f"{b.shape[0]}x{b.shape[1]})")
    _same_dtype(a, b)
    return gemm.matmul(a, b), column_major(b)


def column_major(m) -> bool:
    """Whether matrix ``m`` is laid out column by column, as a row-major matrix's ``.t()`` is (a Linear's
    weight in ``F.linear``'s product): what PyTorch records of ``mat2`` for :func:`mat2_gradient`."""
    return m.strides[0] == m.itemsize and m.strides[1] == m.shape[0] * m.itemsize


def mat2_gradient(F, g, mat1, mat2_column_major: bool):
    """The gradient of ``mat1 @ mat2`` w.r.t. ``mat2`` (``mm``'s and ``addmm``'s) as PyTorch makes it: in
    ``mat2``'s layout when that was column-major (:func:`column_major`: a Linear's ``weight.t()``), as
    ``(g.t() @ mat1).t()``, so that ``weight.grad`` comes out row-major like the weight; else ``mat1.t() @ g``.  The products
    are the same; each element's sum runs along the same ``k`` in the same order.  (PyTorch makes a
    column-major ``mat1``'s gradient column-major too; here it stays ``g @ mat2.t()``: that input's
    layout is not kept when it need not be saved, and the sums are again the same.)"""
    if mat2_column_major:
        return F.mT(F.matmul(F.mT(g), mat1))
    return F.matmul(F.mT(mat1), g)


@mm.def_vjp
def _(ctx, g, F):
    return (F.matmul(g, F.mT(ctx.input(1, F))) if ctx.wants(0) else None,
            mat2_gradient(F, g, ctx.input(0, F), ctx.aux()) if ctx.wants(1) else None)


@mm.def_symbolic
def _(S, s, n):
    return S.obj(S.obj(s[0]) @ S.obj(s[1]))


@defop("mv", "MvBackward0", needs={0: (1,), 1: (0,)}, dtype_rule="keep", input_names=("self", "vec"),
       pytorch=call("torch.mv", 0, 1))
def mv(a, v):
    if np.ndim(a) != 2:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {np.ndim(a)}, {np.ndim(v)}")
    if np.ndim(v) != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {np.ndim(a)}, {np.ndim(v)}")
    if a.shape[1] != v.shape[0]:
        raise RuntimeError(f"size mismatch, got input ({a.shape[0]}), mat ({a.shape[0]}x{a.shape[1]}), "
                           f"vec ({v.shape[0]})")
    if a.dtype != v.dtype:
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got {_torch(v).scalar_name}, "
                           f"{_torch(a).scalar_name}, and {_torch(v).scalar_name}")
    return a @ v


@mv.def_vjp
def _(ctx, g, F):
    return (F.outer(g, ctx.input(1, F)) if ctx.wants(0) else None,
            F.matmul(F.mT(ctx.input(0, F)), g) if ctx.wants(1) else None)


@mv.def_symbolic
def _(S, s, n):
    return S.obj(S.obj(s[0]) @ S.obj(s[1]))


@defop("dot", "DotBackward0", needs={0: (1,), 1: (0,)}, dtype_rule="keep", pytorch=call("torch.dot", 0, 1))
def dot(a, b):
    if np.ndim(a) != 1 or np.ndim(b) != 1:
        raise RuntimeError(f"1D tensors expected, but got {np.ndim(a)}D and {np.ndim(b)}D tensors")
    if a.shape[0] != b.shape[0]:
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] "
                           f"to have the same number of elements, but got {a.shape[0]} and {b.shape[0]} "
                           "elements respectively")
    if a.dtype != b.dtype:
        raise RuntimeError("dot : expected both vectors to have same dtype, but found "
                           f"{_torch(a).scalar_name} and {_torch(b).scalar_name}")
    return np.dot(a, b)[()]


@dot.def_vjp
def _(ctx, g, F):
    return (g * ctx.input(1, F) if ctx.wants(0) else None,
            g * ctx.input(0, F) if ctx.wants(1) else None)


@dot.def_symbolic
def _(S, s, n):
    return S.sum(S.obj(s[0]) * S.obj(s[1]))


@defop("bmm", "BmmBackward0", needs={0: (1,), 1: (0,)}, dtype_rule="keep", input_names=("self", "mat2"),
       pytorch=call("torch.bmm", 0, 1))
def bmm(a, b):
    if np.ndim(a) != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if np.ndim(b) != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    if a.shape[0] != b.shape[0] or a.shape[2] != b.shape[1]:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{a.shape[0]}, {a.shape[2]}] but got: [{b.shape[0]}, {b.shape[1]}].")
    if a.dtype != b.dtype:
        raise RuntimeError(f"expected scalar type {_torch(a).scalar_name} but found {_torch(b).scalar_name}")
    return gemm.bmm(a, b)


@bmm.def_vjp
def _(ctx, g, F):
    return (F.bmm(g, F.mT(ctx.input(1, F))) if ctx.wants(0) else None,
            F.bmm(F.mT(ctx.input(0, F)), g) if ctx.wants(1) else None)


@bmm.def_symbolic
def _(S, s, n):
    return S.obj(S.obj(s[0]) @ S.obj(s[1]))


@defop("dist", "DistBackward0", needs={0: (0, 1), 1: (0, 1)}, saves_result=True, dtype_rule="float",
       pytorch=call("torch.dist", 0, 1, p="=p"))
def dist(a, b, p=2):
    """The p-norm of ``a - b`` (broadcast) over all its elements."""
    d = np.abs(np.asarray(a) - np.asarray(b))
    if p == float("inf"):
        return np.max(d)[()] if d.size else np.zeros((), d.dtype)[()]
    if p == 0:
        return np.asarray(np.count_nonzero(d), dtype=d.dtype)[()]
    if p == 2:
        return np.sqrt(np.sum(d * d))[()]
    if p == 1:
        return np.sum(d)[()]
    return (np.sum(d ** p) ** (1.0 / p)).astype(d.dtype)[()]


@dist.def_vjp
def _(ctx, g, F):
    p = ctx.params["p"]
    diff = ctx.input(0, F) - ctx.input(1, F)
    r = ctx.result(F)
    if p == 0:
        gd = diff * 0
    elif p == 1:
        gd = g * F.sign(diff)
    elif p == float("inf"):
        # NOTE: shared evenly among the elements at the maximum, as PyTorch's norm backward does
        hit = F.const((np.abs(_raw(diff)) == _raw(r)).astype(np.result_type(_raw(diff))))
        gd = g * F.sign(diff) * hit / float(np.sum(_raw(hit)))
    else:
        # NOTE: at distance 0 the gradient is 0 (PyTorch masks the division)
        zero = F.mask(_raw(r) == 0, g)
        safe = r + zero
        gd = (g * diff / safe if p == 2 else g * F.sign(diff) * F.abs(diff) ** (p - 1) / safe ** (p - 1)) * (1 - zero)
    return (gd if ctx.wants(0) else None, -gd if ctx.wants(1) else None)


@dist.def_symbolic
def _(S, s, n, p=2):
    diff = S.obj(s[0]) - S.obj(s[1])
    x = np.asarray(n[0], dtype=np.float64) - np.asarray(n[1], dtype=np.float64)
    if p == 2:
        value = np.sqrt(np.sum(x ** 2))
        return S.pick(value == 0, S.zeros_like(value), S.sqrt(S.sum(diff * diff)))
    absolute = diff * S.const(np.sign(x))
    if p == 1:
        return S.sum(absolute)
    if p == 0:
        return S.const(np.asarray(np.count_nonzero(x), dtype=np.float64))
    if p == float("inf"):
        hit = np.abs(x) == np.max(np.abs(x))
        return S.sum(absolute * S.const(hit / np.sum(hit)))   # the maximum, shared among its ties
    pe = S.number(p)
    return S.obj(S.ew(lambda v: v ** (1 / pe))(S.sum(S.ew(lambda v: v ** pe)(absolute))))


# ---------------------------------------------------------------------------
# cross
# ---------------------------------------------------------------------------

def _cross_dim(a, b, dim):
    """PyTorch's checks of linalg_cross, in its order; the dimension wrapped."""
    if a.ndim != b.ndim:
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    n = a.ndim
    if n == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    axis = dim % n
    if a.shape[axis] != 3 or b.shape[axis] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. "
                           f"Got {a.shape[axis]} and {b.shape[axis]}")
    return axis


def _cross_parts(x, y):
    """The three components of x × y (the vectors along the first axis), as ATen's kernel computes them
    (compiled with fused multiply-adds: ``fma(x1, y2, -(x2 * y1))``)."""
    if x.dtype.kind != "f":
        return [x[j] * y[k] - x[k] * y[j] for j, k in ((1, 2), (2, 0), (0, 1))]
    if x.dtype == np.float64:
        return [vecmath.fma64(x[j], y[k], -(x[k] * y[j])) for j, k in ((1, 2), (2, 0), (0, 1))]
    x32, y32 = x.astype(np.float32), y.astype(np.float32)
    return [vecmath.fma(x32[j], y32[k], -(x32[k] * y32[j])).astype(x.dtype) for j, k in ((1, 2), (2, 0), (0, 1))]


@defop("linalg_cross", "LinalgCrossBackward0", needs={0: (1,), 1: (0,)}, dtype_rule="keep",
       pytorch=call("torch.linalg.cross", 0, 1, dim="=dim"))
def linalg_cross(a, b, dim=-1):
    """The cross product of the 3-vectors along ``dim`` (the other dimensions broadcast)."""
    a, b = np.asarray(a), np.asarray(b)
    axis = _cross_dim(a, b, dim)
    try:
        shape = np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise RuntimeError(broadcast_error(a.shape, b.shape)) from None
    if a.dtype != b.dtype:
        raise RuntimeError(f"expected scalar type {_torch(a).scalar_name} but found {_torch(b).scalar_name}")
    if a.dtype == np.bool_:
        raise NotImplementedError("\"cross\" not implemented for 'Bool'")
    x = np.moveaxis(np.broadcast_to(a, shape), axis, 0)
    y = np.moveaxis(np.broadcast_to(b, shape), axis, 0)
    return np.ascontiguousarray(np.moveaxis(np.stack(_cross_parts(x, y)), 0, axis))


def _cross_of(x, y, dim):
    """linalg_cross of two gradients' operands: recorded when one is a Tensor (create_graph)."""
    if isinstance(x, Tensor) or isinstance(y, Tensor):
        x, y = (v if isinstance(v, Tensor) else Tensor._make(np.asarray(v)) for v in (x, y))
        return apply(REGISTRY["linalg_cross"], (x, y), {"dim": dim})
    return linalg_cross.forward(x, y, dim)


@linalg_cross.def_vjp
def _(ctx, g, F):
    # d(a × b) is da × b + a × db, so vᵀJ is b × v for a and v × a for b
    dim = ctx.params.get("dim", -1)
    return (_cross_of(ctx.input(1, F), g, dim) if ctx.wants(0) else None,
            _cross_of(g, ctx.input(0, F), dim) if ctx.wants(1) else None)


@linalg_cross.def_symbolic
def _(S, s, n, dim=-1):
    a, b = np.broadcast_arrays(S.obj(s[0]), S.obj(s[1]))
    axis = dim % a.ndim
    x, y = np.moveaxis(a, axis, 0), np.moveaxis(b, axis, 0)
    parts = [x[j] * y[k] - x[k] * y[j] for j, k in ((1, 2), (2, 0), (0, 1))]
    return S.obj(np.moveaxis(np.stack(parts), 0, axis))


# ---------------------------------------------------------------------------
# torch.cdist: the p-norm distance of every row of x1 to every row of x2
# ---------------------------------------------------------------------------


def _pairs(a, b):
    """``a[..., i, :] - b[..., j, :]`` for every i, j: shape (..., P, R, M)."""
    return a[..., :, None, :] - b[..., None, :, :]


@defop("cdist", "CdistBackward0", needs={0: (0, 1), 1: (0, 1)}, saves_result=True, dtype_rule="keep",
       input_names=("x1", "x2"), pytorch=call("torch.cdist", 0, 1, p="=p", compute_mode="=compute_mode"))
def cdist(a, b, p=2.0, compute_mode=None):
    """Row-to-row distances, each the p-norm of the difference (the direct formula PyTorch's CPU kernel
    uses for p != 2, or for p = 2 with at most 25 rows on each side; core.torch.functional checks which)."""
    d = np.abs(_pairs(np.asarray(a), np.asarray(b)))
    if p == 0:
        return np.sum(d != 0, axis=-1).astype(d.dtype)
    if p == 1:
        return np.sum(d, axis=-1)
    if p == 2:
        return np.sqrt(np.sum(d * d, axis=-1))
    if p == float("inf"):
        return np.max(d, axis=-1) if d.shape[-1] else np.zeros(d.shape[:-1], d.dtype)
    return np.sum(d ** p, axis=-1) ** np.asarray(1.0 / p, d.dtype)


@cdist.def_vjp
def _(ctx, g, F):
    p = ctx.params["p"]
    a, b = ctx.input(0, F), ctx.input(1, F)
    diff = F.unsqueeze(a, -2) - F.unsqueeze(b, -3)
    r, gs = F.unsqueeze(ctx.result(F), -1), F.unsqueeze(g, -1)
    if p == 0:
        zeros = F.zeros_like(diff)   # PyTorch's gradient of a count of nonzeros: +0 everywhere
        return (F.sum(zeros, -2) if ctx.wants(0) else None, F.sum(zeros, -3) if ctx.wants(1) else None)
    if p == 1:
        gd = gs * F.sign(diff)
    elif p == float("inf"):
        # NOTE: each distance's gradient goes to every element at the maximum (PyTorch's cdist does not share it)
        hit = F.const((np.abs(_raw(diff)) == _raw(r)).astype(np.result_type(_raw(diff))))
        gd = gs * F.sign(diff) * hit
    else:
        # NOTE: at distance 0 the gradient is 0 (PyTorch masks the division)
        zero = F.mask(_raw(r) == 0, gs)
        safe = r + zero
        if p == 2:
            gd = gs * diff / safe * (1 - zero)
        else:
            absolute = F.abs(diff)
            if p < 1:
                # NOTE: |d|^(p-1) is infinite at d = 0; PyTorch's gradient there is 0
                absolute = absolute + F.mask(np.asarray(_raw(diff)) == 0, gs)
            gd = gs * F.sign(diff) * absolute ** (p - 1) / safe ** (p - 1) * (1 - zero)
    return (F.sum(gd, -2) if ctx.wants(0) else None, -F.sum(gd, -3) if ctx.wants(1) else None)


@cdist.def_symbolic
def _(S, s, n, p=2.0, compute_mode=None):
    diff = _pairs(S.obj(s[0]), S.obj(s[1]))
    x = _pairs(np.asarray(n[0], dtype=np.float64), np.asarray(n[1], dtype=np.float64))
    return REGISTRY["norm"].symbolic(S, [diff], [x], p=p, dim=(-1,), keepdim=False)
