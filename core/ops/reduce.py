"""Reductions: sum, mean, prod, var, std (and std_mean, var_mean), norm, max/min, amax/amin, softmax.

sum and mean add in PyTorch's order (:mod:`core.ops.summation`), so float32 results match
bit for bit; var/std (Welford in PyTorch) and norm (its own kernel) keep numpy's.

A reduction's vjp spreads the output gradient back over the reduced
dimensions (``_spread``: unsqueeze what ``keepdim=False`` removed, then
expand).
"""
from __future__ import annotations

import warnings

import numpy as np

from core import dtypes
from core.ops import stl, summation, vecmath
from core.ops.registry import SPECIAL, call, defop
from core.ops.summation import torch_mean, torch_sum
from core.ops.vjp import raw as _raw


def _axes(dim, ndim):
    if dim is None:
        return None
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return tuple(d % ndim if ndim else 0 for d in dims)


def _spread(g, in_shape, dim, keepdim, F):
    """Broadcast a reduced gradient back to the input's shape."""
    ndim = len(in_shape)
    if dim is None:
        return F.expand(g, in_shape) if np.shape(_raw(g)) != tuple(in_shape) else g
    if not keepdim:
        for d in sorted(_axes(dim, ndim)):
            g = F.unsqueeze(g, d)
    return F.expand(g, in_shape)


def _count(shape, dim):
    if dim is None:
        return int(np.prod(shape)) if shape else 1
    return int(np.prod([shape[d] for d in _axes(dim, len(shape))]))


def _int_to_long(a):
    return a.astype(np.int64) if a.dtype.kind in "biu" else a


@defop("sum", "SumBackward0", dtype_rule="keep", pytorch=call("torch.sum", 0))
def sum_all(a):
    return torch_sum(_int_to_long(np.asarray(a)))[()]


@sum_all.def_vjp
def _(ctx, g, F):
    return F.expand(g, ctx._in_meta[0][0]),


@sum_all.def_symbolic
def _(S, s, n):
    return S.sum(s[0])


@defop("sum_dim", "SumBackward1", dtype_rule="keep", pytorch=call("torch.sum", 0, dim="=dim", keepdim="=keepdim"))
def sum_dim(a, dim=None, keepdim=False):
    a = np.asarray(a)
    return torch_sum(_int_to_long(a), axis=_axes(dim, a.ndim), keepdims=keepdim)[()]


@sum_dim.def_vjp
def _(ctx, g, F):
    p = ctx.params
    return _spread(g, ctx._in_meta[0][0], p["dim"], p["keepdim"], F),


@sum_dim.def_symbolic
def _(S, s, n, dim=None, keepdim=False):
    return S.sum(s[0], dim, keepdim)


def _mean_check(a):
    if a.dtype.kind in "biu":
        name = dtypes.from_numpy(a.dtype).scalar_name
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a floating "
                           f"point or complex dtype. Got: {name}")


@defop("mean", "MeanBackward0", dtype_rule="keep", pytorch=call("torch.mean", 0))
def mean_all(a):
    _mean_check(np.asarray(a))
    return torch_mean(a)[()]


@mean_all.def_vjp
def _(ctx, g, F):
    shape = ctx._in_meta[0][0]
    return F.expand(g / _count(shape, None), shape),


@mean_all.def_symbolic
def _(S, s, n):
    return S.obj(S.sum(s[0]) / S.Integer(S.count(np.shape(n[0]), None)))


@defop("mean_dim", "MeanBackward1", dtype_rule="keep", pytorch=call("torch.mean", 0, dim="=dim", keepdim="=keepdim"))
def mean_dim(a, dim=None, keepdim=False):
    a = np.asarray(a)
    _mean_check(a)
    return torch_mean(a, axis=_axes(dim, a.ndim), keepdims=keepdim)[()]


@mean_dim.def_vjp
def _(ctx, g, F):
    p, shape = ctx.params, ctx._in_meta[0][0]
    return _spread(g / _count(shape, p["dim"]), shape, p["dim"], p["keepdim"], F),


@mean_dim.def_symbolic
def _(S, s, n, dim=None, keepdim=False):
    return S.obj(S.sum(s[0], dim, keepdim) / S.Integer(S.count(np.shape(n[0]), dim)))


@defop("prod", "ProdBackward0", needs={0: (0,)}, saves_result=True, dtype_rule="keep", pytorch=call("torch.prod", 0))
def prod_all(a):
    return np.prod(_int_to_long(np.asarray(a)))[()]


@defop("prod_dim", "ProdBackward1", needs={0: (0,)}, saves_result=True, dtype_rule="keep",
       pytorch=call("torch.prod", 0, "=dim", keepdim="=keepdim"))
def prod_dim(a, dim=0, keepdim=False):
    a = np.asarray(a)
    return np.prod(_int_to_long(a), axis=dim, keepdims=keepdim)[()]


def _prod_vjp(ctx, g, F):
    a = ctx.input(0, F)
    shape = ctx._in_meta[0][0]
    dim = ctx.params.get("dim")
    keepdim = ctx.params.get("keepdim", False)
    raw = np.asarray(_raw(a))
    if not np.any(raw == 0):
        res = _spread(ctx.result(F), shape, dim, keepdim, F)
        return _spread(g, shape, dim, keepdim, F) * res / a,
    # NOTE: with zeros, result / a is 0/0; use the product of the other elements instead
    # (exclusive cumulative products from both sides).  Exact in the plain backward; under
    # create_graph this branch is treated as a constant.
    axis = 0 if dim is None else dim % raw.ndim
    flat = raw.reshape(-1) if dim is None else raw
    left = np.cumprod(np.concatenate([np.ones_like(np.take(flat, [0], axis=axis)),
                                      np.take(flat, range(flat.shape[axis] - 1), axis=axis)], axis=axis), axis=axis)
    rev = np.flip(flat, axis=axis)
    right = np.flip(np.cumprod(np.concatenate([np.ones_like(np.take(rev, [0], axis=axis)),
                                               np.take(rev, range(rev.shape[axis] - 1), axis=axis)], axis=axis),
                               axis=axis), axis=axis)
    others = (left * right).reshape(shape)
    return _spread(g, shape, dim, keepdim, F) * F.const(others.astype(raw.dtype)),


prod_all.vjp = _prod_vjp
prod_dim.vjp = _prod_vjp
prod_all.symbolic = lambda S, s, n: S.prod(s[0])
prod_dim.symbolic = lambda S, s, n, dim=0, keepdim=False: S.prod(s[0], dim, keepdim)


def _var_forward(a, dim=None, correction=1, keepdim=False):
    a = np.asarray(a)
    with warnings.catch_warnings():
        # NOTE: no degrees of freedom gives nan (or inf), as in PyTorch; PyTorch's own warning is
        # core.torch.functional's, numpy's RuntimeWarning would not be PyTorch's
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.var(a, axis=_axes(dim, a.ndim), ddof=correction, keepdims=keepdim, dtype=a.dtype)[()]


@defop("var", "VarBackward0", needs={0: (0,)}, dtype_rule="keep",
       pytorch=call("torch.var", 0, dim="=dim", correction="=correction", keepdim="=keepdim"))
def var(a, dim=None, correction=1, keepdim=False):
    return _var_forward(a, dim, correction, keepdim)


@var.def_vjp
def _(ctx, g, F):
    p = ctx.params
    a = ctx.input(0, F)
    shape = ctx._in_meta[0][0]
    n = _count(shape, p["dim"])
    centered = a - F.sum(a, dim=_axes(p["dim"], len(shape)), keepdim=True) / n
    return _spread(g, shape, p["dim"], p["keepdim"], F) * centered * (2.0 / (n - p["correction"])),


@var.def_symbolic
def _(S, s, n, dim=None, correction=1, keepdim=False):
    return _var_symbolic(S, s, n, dim, correction, keepdim)


def _var_symbolic(S, s, n, dim, correction, keepdim):
    a = S.obj(s[0])
    cnt = S.count(np.shape(n[0]), dim)
    dev = a - S.sum(a, dim, True) / S.Integer(cnt)
    return S.obj(S.sum(dev * dev, dim, keepdim) / S.Integer(cnt - correction))


@defop("std", "StdBackward0", needs={0: (0,)}, saves_result=True, dtype_rule="keep",
       pytorch=call("torch.std", 0, dim="=dim", correction="=correction", keepdim="=keepdim"))
def std(a, dim=None, correction=1, keepdim=False):
    return np.sqrt(_var_forward(a, dim, correction, keepdim))


@std.def_vjp
def _(ctx, g, F):
    p = ctx.params
    a = ctx.input(0, F)
    shape = ctx._in_meta[0][0]
    n = _count(shape, p["dim"])
    centered = a - F.sum(a, dim=_axes(p["dim"], len(shape)), keepdim=True) / n
    s = _spread(ctx.result(F), shape, p["dim"], p["keepdim"], F)
    # NOTE: where std is 0 the gradient is defined as 0 (PyTorch masks the 0/0).
    zero = np.asarray(_raw(s)) == 0
    safe = s + F.const(zero.astype(np.asarray(_raw(s)).dtype))
    return F.keep(~zero, _spread(g, shape, p["dim"], p["keepdim"], F) * centered / (safe * (n - p["correction"]))),


@std.def_symbolic
def _(S, s, n, dim=None, correction=1, keepdim=False):
    value = np.asarray(std.forward(np.asarray(n[0], dtype=np.float64), dim, correction, keepdim))
    # NOTE: where std is 0 PyTorch's gradient is 0 (not 0/0): the constant 0 there
    return S.pick(value == 0, S.zeros_like(value), S.sqrt(_var_symbolic(S, s, n, dim, correction, keepdim)))


def _mean_part(a, dim=None, keepdim=False):
    """The mean that std_mean / var_mean return beside the spread (PyTorch's order of additions)."""
    a = np.asarray(a)
    ax = _axes(dim, a.ndim)
    if ax is None or (not keepdim and len(set(ax)) == a.ndim):
        r = torch_mean(a)
        return (r.reshape((1,) * a.ndim) if keepdim else r)[()]
    return torch_mean(a, axis=ax, keepdims=keepdim)[()]


def _with_mean(spread, kind, grad_fn):
    """std_mean / var_mean: PyTorch's one node of two outputs is two ops here, each named ``grad_fn``
    (see core.ops.decompositions): the spread (``spread``'s forward, vjp and rule) and the mean."""
    part = defop(f"{kind}_mean_{kind}", grad_fn, needs={0: (0,)}, saves_result=spread.saves_result,
                 dtype_rule="keep",
                 pytorch=call(f"torch.{kind}", 0, "=dim", correction="=correction", keepdim="=keepdim"))(spread.forward)
    part.vjp, part.symbolic = spread.vjp, spread.symbolic
    mean = defop(f"{kind}_mean_mean", grad_fn, dtype_rule="keep",
                 pytorch=call("torch.mean", 0, "=dim", keepdim="=keepdim"))(_mean_part)
    mean.vjp, mean.symbolic = mean_dim.vjp, mean_dim.symbolic
    return part, mean


std_mean_std, std_mean_mean = _with_mean(std, "std", "StdMeanBackward0")
var_mean_var, var_mean_mean = _with_mean(var, "var", "VarMeanBackward0")


@defop("norm", "LinalgVectorNormBackward0", needs={0: (0,)}, saves_result=True, dtype_rule="keep",
       pytorch=call("torch.linalg.vector_norm", 0, ord="=p", dim="=dim", keepdim="=keepdim", dtype="=dtype"))
def norm(a, p=2, dim=None, keepdim=False, dtype=None):
    """``dtype`` (torch.linalg.vector_norm's): the input taken in that dtype first, with no node for the cast."""
    a = np.asarray(a) if dtype is None else np.asarray(a).astype(dtype.np)
    ax = _axes(dim, a.ndim)
    if p != 0 and a.size and all(n == 1 for d, n in enumerate(a.shape) if ax is None or d in ax):
        # NOTE: a norm over dims of size 1 is PyTorch's |x| itself (not the root of a square that may overflow)
        return (np.abs(a) if keepdim else np.abs(a).reshape([n for d, n in enumerate(a.shape)
                                                            if not (ax is None or d in ax)]))[()]
    if p == 2:
        return np.sqrt(summation.torch_sum_of_squares(a, axis=ax, keepdims=keepdim))[()]
    if p == float("inf"):
        return np.max(np.abs(a), axis=ax, keepdims=keepdim)[()]
    if p == -float("inf"):
        return np.min(np.abs(a), axis=ax, keepdims=keepdim)[()]
    if p == 0:
        return np.sum(a != 0, axis=ax, keepdims=keepdim).astype(a.dtype)[()]
    if p == 1:
        return np.sum(np.abs(a), axis=ax, keepdims=keepdim)[()]
    return (np.sum(np.abs(a) ** p, axis=ax, keepdims=keepdim) ** (1.0 / p))[()]


@norm.def_vjp
def _(ctx, g, F):
    prm = ctx.params
    a = ctx.input(0, F)
    shape = ctx._in_meta[0][0]
    r, dtype = ctx.result(F), prm.get("dtype")
    if dtype is not None:
        # NOTE: PyTorch computes this gradient in the input's dtype: the gradient and the norm cast to it first
        r, g = F.cast(r, ctx._in_meta[0][1]), F.cast(g, ctx._in_meta[0][1])
    r = _spread(r, shape, prm["dim"], prm["keepdim"], F)
    gs = _spread(g, shape, prm["dim"], prm["keepdim"], F)
    p = prm["p"]
    if p == 0:
        # NOTE: PyTorch's backward of the count of nonzeros is undefined, not zeros: no .grad appears
        return None,
    if abs(p) == float("inf"):
        # NOTE: shared evenly among the elements at the maximum (minimum), as PyTorch's norm backward does
        hit = (np.abs(np.asarray(_raw(a))) == np.asarray(_raw(r))).astype(np.result_type(_raw(a)))
        ties = np.sum(hit, axis=_axes(prm["dim"], len(shape)), keepdims=True)
        return gs * F.sign(a) * F.const(hit / ties),
    if p == 1:
        return gs * F.sign(a),
    # NOTE: at norm 0 the gradient is defined as 0 (PyTorch masks the division).
    zero = F.mask(_raw(r) == 0, gs)
    safe = r + zero
    if p == 2:
        return gs * (a / safe) * (1 - zero),   # NOTE: PyTorch's rounding: x / norm first, then times the gradient
    absolute = F.abs(a)
    if p < 1:
        # NOTE: |x|^(p-1) is infinite at x = 0; PyTorch masks those elements' gradient to 0
        absolute = absolute + F.mask(np.asarray(_raw(a)) == 0, gs)
    return gs * F.sign(a) * absolute ** (p - 1) / safe ** (p - 1) * (1 - zero),


@norm.def_symbolic
def _(S, s, n, p=2, dim=None, keepdim=False, dtype=None):
    a = S.obj(s[0])
    x = np.asarray(n[0])
    absolute = a * S.const(np.sign(x))
    if p == 2:
        value = np.sqrt(np.sum(x.astype(np.float64) ** 2, axis=S.axes(dim, x.ndim), keepdims=keepdim))
        # NOTE: the norm of a zero vector has gradient 0 in PyTorch: the constant 0 there
        return S.pick(value == 0, S.zeros_like(value), S.sqrt(S.sum(a * a, dim, keepdim)))
    if p == 1:
        return S.sum(absolute, dim, keepdim)
    if p == 0:
        return S.const(np.sum(x != 0, axis=_axes(dim, x.ndim), keepdims=keepdim))
    if abs(p) == np.inf:
        # the element at the extreme (the first of ties) is the value near the point
        ax = _axes(dim, x.ndim)
        ax = tuple(range(x.ndim)) if ax is None else ax
        absx = S.pick(x >= 0, a, S.obj(-a))
        pick = (np.abs(x) == (np.max if p > 0 else np.min)(np.abs(x), axis=ax, keepdims=True))
        last = tuple(range(x.ndim - len(ax), x.ndim))
        moved = np.moveaxis(np.where(pick, 1, 0), ax, last)
        first = np.argmax(moved.reshape(moved.shape[:x.ndim - len(ax)] + (-1,)), axis=-1)
        vals = np.moveaxis(absx, ax, last)
        vals = vals.reshape(vals.shape[:x.ndim - len(ax)] + (-1,))
        out = np.take_along_axis(vals, first[..., None], axis=-1)[..., 0]
        if keepdim:
            out = out.reshape([1 if d in ax else x.shape[d] for d in range(x.ndim)])
        return S.obj(out)
    pe = S.number(p)
    return S.obj(S.ew(lambda v: v ** (1 / pe))(S.sum(S.ew(lambda v: v ** pe)(absolute), dim, keepdim)))


def _evenly(ctx, g, F):
    """Full max/min/amax/amin: the gradient is shared evenly among ties."""
    # NOTE: PyTorch divides the gradient by the number of tied extreme elements.
    a = _raw(ctx.input(0, F))
    shape = ctx._in_meta[0][0]
    dim, keepdim = ctx.params.get("dim"), ctx.params.get("keepdim", False)
    r = np.asarray(_raw(ctx.result(F)))
    ax = _axes(dim, len(shape))
    rk = r if (dim is None or keepdim) else np.expand_dims(r, ax)
    hit = (np.asarray(a) == rk)
    count = np.sum(hit, axis=ax, keepdims=True)
    w = F.const((hit / count).astype(np.asarray(a).dtype))
    return _spread(g, shape, dim, keepdim, F) * w,


def _extreme(kind, name, grad_fn, has_dim):
    fn = np.max if kind == "max" else np.min

    if has_dim:
        def forward(a, dim=None, keepdim=False):
            a = np.asarray(a)
            if a.size == 0 and dim is None:   # (along a dim of size 0: core.torch.functional refuses it)
                raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                                   "Specify the reduction dim with the 'dim' argument.")
            return fn(a, axis=_axes(dim, a.ndim), keepdims=keepdim)[()]
    else:
        def forward(a):
            a = np.asarray(a)
            if a.size == 0:
                raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                                   "Specify the reduction dim with the 'dim' argument.")
            return fn(a)[()]
    replay = call("torch." + name, 0, dim="=dim", keepdim="=keepdim") if has_dim else call("torch." + name, 0)
    op = defop(name if has_dim else name + "_all", grad_fn, needs={0: (0,)}, saves_result=True,
               dtype_rule="keep", pytorch=replay)(forward)
    op.vjp = _evenly

    def symbolic(S, s, n, dim=None, keepdim=False):
        # NOTE: the mean of the tied extreme elements, so ties share the gradient evenly (PyTorch)
        x = np.asarray(n[0])
        ax = S.axes(dim, x.ndim)
        hit = x == fn(x, axis=ax, keepdims=True)
        weights = S.const(hit / np.sum(hit, axis=ax, keepdims=True))
        return S.sum(S.obj(s[0]) * weights, dim, keepdim)
    op.symbolic = symbolic
    return op


max_all = _extreme("max", "max", "MaxBackward1", False)
min_all = _extreme("min", "min", "MinBackward1", False)
amax = _extreme("max", "amax", "AmaxBackward0", True)
amin = _extreme("min", "amin", "AminBackward0", True)


def _max_dim_forward(kind):
    arg = np.argmax if kind == "max" else np.argmin

    def forward(a, dim=0, keepdim=False):
        a = np.asarray(a)
        d = dim % a.ndim if a.ndim else 0
        src = a if a.ndim else a.reshape(1)
        idx = arg(src, axis=d, keepdims=True)
        vals = np.take_along_axis(src, idx, axis=d)
        if not keepdim:
            vals, idx = np.squeeze(vals, axis=d), np.squeeze(idx, axis=d)
        if a.ndim == 0:
            vals, idx = vals.reshape(()), idx.reshape(())
        return vals[()], idx.astype(np.int64)
    return forward


def _select_vjp(ctx, g, F):
    """max/min along a dim: the gradient goes to the chosen index only."""
    # NOTE: with ties the chosen index is the first one, and only it gets gradient.
    shape = ctx._in_meta[0][0]
    d = ctx.params["dim"] % len(shape) if shape else 0
    idx = np.asarray(ctx.aux())
    if not ctx.params["keepdim"] and shape:
        idx = np.expand_dims(idx, d)
        g = F.unsqueeze(g, d)
    if not shape:
        return g,
    grid = list(np.indices(idx.shape, sparse=True))
    grid[d] = idx
    return F.scatter_index(F.expand(g, idx.shape), shape, tuple(grid)),


def _select_symbolic(kind):
    pick = np.argmax if kind == "max" else np.argmin

    def symbolic(S, s, n, dim=0, keepdim=False):
        # NOTE: with ties the first index is chosen, as in the vjp
        x = np.asarray(n[0])
        a = S.obj(s[0])
        if x.ndim == 0:
            return a
        out = np.take_along_axis(a, pick(x, axis=dim, keepdims=True), axis=dim)
        return S.obj(out if keepdim else np.squeeze(out, axis=dim))
    return symbolic


max_dim = defop("max_dim", "MaxBackward0", has_aux=True, aux_saved=True, dtype_rule="keep", pytorch=SPECIAL)(_max_dim_forward("max"))
max_dim.vjp = _select_vjp
min_dim = defop("min_dim", "MinBackward0", has_aux=True, aux_saved=True, dtype_rule="keep", pytorch=SPECIAL)(_max_dim_forward("min"))
min_dim.vjp = _select_vjp
max_dim.symbolic = _select_symbolic("max")
min_dim.symbolic = _select_symbolic("min")


@defop("softmax", "SoftmaxBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.softmax", 0, dim="=dim"))
def softmax(a, dim=-1):
    a = np.asarray(a)
    if a.dtype == np.float32:
        return vecmath.softmax32(a, dim)[()]   # NOTE: PyTorch's exps and order of additions
    m = np.max(a, axis=dim, keepdims=True)
    e = np.exp(a - m)
    return (e / np.sum(e, axis=dim, keepdims=True))[()]


@softmax.def_vjp
def _(ctx, g, F):
    r = ctx.result(F)
    return r * (g - F.sum(g * r, dim=ctx.params["dim"], keepdim=True)),


@softmax.def_symbolic
def _(S, s, n, dim=-1):
    e = S.exp(s[0])
    return S.obj(e / S.sum(e, dim, True))


@defop("log_softmax", "LogSoftmaxBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.log_softmax", 0, dim="=dim"))
def log_softmax(a, dim=-1):
    a = np.asarray(a)
    if a.dtype == np.float32:
        return vecmath.log_softmax32(a, dim)[()]   # NOTE: PyTorch's exps, sums and log
    m = np.max(a, axis=dim, keepdims=True)
    shifted = a - m
    return (shifted - np.log(np.sum(np.exp(shifted), axis=dim, keepdims=True)))[()]


@log_softmax.def_vjp
def _(ctx, g, F):
    r = ctx.result(F)
    return g - F.exp(r) * F.sum(g, dim=ctx.params["dim"], keepdim=True),


@log_softmax.def_symbolic
def _(S, s, n, dim=-1):
    a = S.obj(s[0])
    return S.obj(a - S.log(S.sum(S.exp(a), dim, True)))


defop("argmax", "NotDifferentiable", dtype_rule="keep", pytorch=call("torch.argmax", 0, dim="=dim", keepdim="=keepdim"))(
    lambda a, dim=None, keepdim=False: np.asarray(
        np.argmax(a, axis=dim, keepdims=keepdim) if dim is not None else np.argmax(a), dtype=np.int64)[()])
defop("argmin", "NotDifferentiable", dtype_rule="keep", pytorch=call("torch.argmin", 0, dim="=dim", keepdim="=keepdim"))(
    lambda a, dim=None, keepdim=False: np.asarray(
        np.argmin(a, axis=dim, keepdims=keepdim) if dim is not None else np.argmin(a), dtype=np.int64)[()])


def _truth(kind):
    test = np.all if kind == "all" else np.any

    def forward(a, dim=None, keepdim=False):
        a = np.asarray(a)
        r = test(a, axis=dim, keepdims=keepdim) if dim is not None else test(a)
        # NOTE: PyTorch keeps uint8 for a uint8 input (a legacy of masks); bool otherwise
        return np.asarray(r, dtype=np.uint8 if a.dtype == np.uint8 else np.bool_)[()]
    return defop(kind, "NotDifferentiable", dtype_rule="keep",
                 pytorch=call("torch." + kind, 0, dim="=dim", keepdim="=keepdim"))(forward)


all_ = _truth("all")
any_ = _truth("any")


@defop("cumsum", "CumsumBackward0", dtype_rule="keep", pytorch=call("torch.cumsum", 0, dim="=dim"))
def cumsum(a, dim=0):
    a = np.asarray(a)
    return (np.cumsum(_int_to_long(a), axis=dim) if a.ndim else _int_to_long(a).copy())[()]


@cumsum.def_vjp
def _(ctx, g, F):
    # each output element sums the inputs up to it, so input j gets the gradients of outputs j, j+1, ...:
    # along dim, g times the lower-triangular matrix of ones (linear, so a graph of it is just a matmul)
    shape = ctx._in_meta[0][0]
    if not shape:
        return g,
    d = ctx.params["dim"] % len(shape)
    n = shape[d]
    lower = F.const(np.tril(np.ones((n, n), dtype=np.result_type(_raw(g)))))
    last = len(shape) - 1
    moved = F.transpose(g, d, last) if d != last else g
    out = F.matmul(moved, lower)
    return (F.transpose(out, d, last) if d != last else out),


@cumsum.def_symbolic
def _(S, s, n, dim=0):
    a = S.obj(s[0])
    return S.obj(np.cumsum(a, axis=dim)) if a.ndim else a.copy()


# ---- sort, topk, median, cummax/cummin, cumprod, trace (issue 12: 《20天吃掉那只Pytorch》 4-2) ----

def _stable_order(a, d, descending):
    """Indices that sort ``a`` along axis ``d``, ties in their original order (PyTorch's CPU sort is
    stable either way); NaN sorts as the largest value, as in PyTorch."""
    if not descending:
        return np.argsort(a, axis=d, kind="stable")
    n = a.shape[d]
    # sorting the reversed array ascending and reversing the order keeps ties first-come
    rev = np.argsort(np.flip(a, axis=d), axis=d, kind="stable")
    return np.flip(n - 1 - rev, axis=d)


def _picked_vjp(ctx, g, F):
    """sort/topk/cummax/cummin/median along a dim: each output's gradient goes to the input
    element it was taken from (accumulated where one element was taken more than once)."""
    shape = ctx._in_meta[0][0]
    idx = np.asarray(ctx.aux())
    if not shape:
        return g,
    d = ctx.params["dim"] % len(shape)
    if ctx.params.get("keepdim") is False:
        idx, g = np.expand_dims(idx, d), F.unsqueeze(g, d)
    grid = list(np.indices(idx.shape, sparse=True))
    grid[d] = idx
    return F.scatter_index(g, shape, tuple(grid)),


def _picked_symbolic(S, s, n, idx, dim, keepdim=True):
    a = S.obj(s[0])
    if a.ndim == 0:
        return a
    idx = np.asarray(idx)
    if not keepdim:
        idx = np.expand_dims(idx, dim)
    out = np.take_along_axis(a, idx, axis=dim)
    return S.obj(out if keepdim else np.squeeze(out, axis=dim))


def _along(a, dim):
    a = np.asarray(a)
    return (a.reshape(1) if a.ndim == 0 else a), (dim % a.ndim if a.ndim else 0)


@defop("sort", "SortBackward0", has_aux=True, aux_saved=True, dtype_rule="keep", pytorch=SPECIAL)
def sort(a, dim=-1, descending=False):
    src, d = _along(a, dim)
    idx = _stable_order(src, d, descending)
    vals = np.take_along_axis(src, idx, axis=d)
    shape = np.shape(a)
    return vals.reshape(shape)[()], idx.reshape(shape).astype(np.int64)


sort.vjp = _picked_vjp
sort.symbolic = lambda S, s, n, dim=-1, descending=False: _picked_symbolic(
    S, s, n, _stable_order(*_along(n[0], dim), descending), dim)


def top_k(row, k, largest=True):
    """The indices of the k largest (smallest) of a 1-d ``row`` (NaN largest), in the order PyTorch's CPU topk
    leaves them: ``std::partial_sort`` when k is small beside the row, else ``std::nth_element`` and then
    ``std::sort`` of the first k - 1 (core.ops.stl), so ties come out as PyTorch's do."""
    items = list(zip(row.tolist(), range(row.size)))
    if k == 0:
        return []

    if largest:
        def before(a, b):
            return (a[0] != a[0] and b[0] == b[0]) or a[0] > b[0]
    else:
        def before(a, b):
            return (a[0] == a[0] and b[0] != b[0]) or a[0] < b[0]

    if k * 64 <= row.size:
        stl.partial_sort(items, k, before)
    else:
        stl.nth_element(items, k - 1, before)
        stl.sort_range(items, 0, k - 1, before)
    return [i for _, i in items[:k]]


def _top_k_order(src, d, k, largest):
    moved = np.moveaxis(src, d, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    out = np.array([top_k(row, k, largest) for row in rows], dtype=np.int64).reshape(moved.shape[:-1] + (k,))
    return np.moveaxis(out, -1, d)


@defop("topk", "TopkBackward0", has_aux=True, aux_saved=True, dtype_rule="keep", pytorch=SPECIAL)
def topk(a, k, dim=-1, largest=True, sorted=True):
    src, d = _along(a, dim)
    if not 0 <= k <= src.shape[d]:
        raise RuntimeError("selected index k out of range")
    idx = _top_k_order(src, d, k, largest)
    vals = np.take_along_axis(src, idx, axis=d)
    if np.ndim(a) == 0:
        return vals.reshape(())[()], idx.reshape(()).astype(np.int64)
    return vals[()], idx.astype(np.int64)


topk.vjp = _picked_vjp
topk.symbolic = lambda S, s, n, k, dim=-1, largest=True, sorted=True: _picked_symbolic(
    S, s, n, _top_k_order(*_along(n[0], dim), k, largest), dim)


def _median_index(src, d):
    """The lower median's position along ``d``: the ((n - 1) // 2)-th of a stable ascending sort (with
    ties, PyTorch's index is that element's too); NaN, the largest in a sort, is PyTorch's median if any."""
    order = _stable_order(src, d, False)
    pos = (src.shape[d] - 1) // 2
    nan = np.isnan(src) if src.dtype.kind == "f" else np.zeros(src.shape, bool)
    first_nan = np.argmax(nan, axis=d)
    chosen = np.take(order, pos, axis=d)
    return np.where(np.any(nan, axis=d), first_nan, chosen)


@defop("median_dim", "MedianBackward1", has_aux=True, aux_saved=True, dtype_rule="keep", pytorch=SPECIAL)
def median_dim(a, dim=-1, keepdim=False):
    src, d = _along(a, dim)
    if src.shape[d] == 0:
        raise IndexError(f"median(): Expected reduction dim {dim} to have non-zero size.")
    idx = np.expand_dims(_median_index(src, d), d)
    vals = np.take_along_axis(src, idx, axis=d)
    if np.ndim(a) == 0:
        return vals.reshape(())[()], idx.reshape(()).astype(np.int64)
    if not keepdim:
        vals, idx = np.squeeze(vals, axis=d), np.squeeze(idx, axis=d)
    return vals[()], idx.astype(np.int64)


median_dim.vjp = _picked_vjp
median_dim.symbolic = lambda S, s, n, dim=-1, keepdim=False: _picked_symbolic(
    S, s, n, np.expand_dims(_median_index(*_along(n[0], dim)), dim % max(np.ndim(n[0]), 1))
    if np.ndim(n[0]) else 0, dim, True) if keepdim or not np.ndim(n[0]) else _picked_symbolic(
    S, s, n, _median_index(*_along(n[0], dim)), dim, False)


def _after(x, y):
    """x sorts after y: larger, or NaN against a number (NaN is the largest, as in PyTorch's sort)."""
    return x > y or (x != x and y == y)


def _select(vals, order, k):
    """Move the k-th smallest of ``vals`` (a list, NaN last) to place ``k``, carrying ``order`` along: the
    classic partition-around-a-median-of-three selection PyTorch's CPU kthvalue runs, so that among tied
    values the index it reports is the one PyTorch reports."""
    def swap(i, j):
        vals[i], vals[j] = vals[j], vals[i]
        order[i], order[j] = order[j], order[i]

    lo, hi = 0, len(vals) - 1
    while hi > lo:
        if hi == lo + 1:
            if _after(vals[lo], vals[hi]):
                swap(lo, hi)
            return
        swap(lo + (hi - lo) // 2, lo + 1)
        if _after(vals[lo + 1], vals[hi]):
            swap(lo + 1, hi)
        if _after(vals[lo], vals[hi]):
            swap(lo, hi)
        if _after(vals[lo + 1], vals[lo]):
            swap(lo + 1, lo)
        i, j, pivot = lo + 1, hi, vals[lo]
        while True:
            i += 1
            while _after(pivot, vals[i]):
                i += 1
            j -= 1
            while _after(vals[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(lo, j)
        if j <= k:
            lo = i
        if j >= k:
            hi = j - 1


def _kth_index(src, d, k):
    """The index along ``d`` of each slice's k-th smallest element (1-based k), as PyTorch picks it."""
    moved = np.moveaxis(src, d, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    out = np.empty(rows.shape[0], np.int64)
    for r, row in enumerate(rows):
        vals, order = row.tolist(), list(range(row.size))
        _select(vals, order, k - 1)
        out[r] = order[k - 1]
    return out.reshape(moved.shape[:-1])


def _mode_index(src, d):
    """Each slice's most frequent value (the smallest of equally frequent ones) and the index of the last of
    its run once the (value, index) pairs are sorted by value, as PyTorch's CPU mode reports them."""
    moved = np.moveaxis(src, d, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    out = np.empty(rows.shape[0], np.int64)
    for r, row in enumerate(rows):
        pairs = list(zip(row.tolist(), range(row.size)))
        stl.sort(pairs, lambda a, b: a[0] < b[0])
        best, best_count, count = 0, 0, 0
        for i in range(len(pairs)):
            count += 1
            if i == len(pairs) - 1 or pairs[i][0] != pairs[i + 1][0]:
                if count > best_count:
                    best, best_count = pairs[i][1], count
                count = 0
        out[r] = best
    return out.reshape(moved.shape[:-1])


def _picked_along(a, dim, keepdim, idx):
    """The values at ``idx`` (one index per slice along ``dim``) and the indices, kept or squeezed."""
    src, d = _along(a, dim)
    idx = np.expand_dims(idx, d)
    vals = np.take_along_axis(src, idx, axis=d)
    if np.ndim(a) == 0:
        return vals.reshape(())[()], idx.reshape(()).astype(np.int64)
    if not keepdim:
        vals, idx = np.squeeze(vals, axis=d), np.squeeze(idx, axis=d)
    return vals[()], idx.astype(np.int64)


@defop("kthvalue", "KthvalueBackward0", has_aux=True, aux_saved=True, dtype_rule="keep", pytorch=SPECIAL)
def kthvalue(a, k=1, dim=-1, keepdim=False):
    src, d = _along(a, dim)
    if not 1 <= k <= src.shape[d]:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    return _picked_along(a, dim, keepdim, _kth_index(src, d, k))


@defop("mode", "ModeBackward0", has_aux=True, aux_saved=True, dtype_rule="keep", pytorch=SPECIAL)
def mode(a, dim=-1, keepdim=False):
    src, d = _along(a, dim)
    return _picked_along(a, dim, keepdim, _mode_index(src, d))


kthvalue.vjp = mode.vjp = _picked_vjp


def _picked_rule(index_of):
    def rule(S, s, n, dim=-1, keepdim=False, **params):
        if not np.ndim(n[0]):
            return S.obj(s[0])
        src, d = _along(n[0], dim)
        return _picked_symbolic(S, s, n, index_of(src, d, **params), d, False) if not keepdim else \
            _picked_symbolic(S, s, n, np.expand_dims(index_of(src, d, **params), d), d, True)
    return rule


kthvalue.symbolic = _picked_rule(_kth_index)
mode.symbolic = _picked_rule(lambda src, d: _mode_index(src, d))


@defop("median", "MedianBackward0", needs={0: (0,)}, saves_result=True, dtype_rule="keep",
       pytorch=call("torch.median", 0))
def median(a):
    a = np.asarray(a)
    if a.size == 0:
        return np.asarray(np.nan, dtype=a.dtype)[()] if a.dtype.kind == "f" else np.zeros((), a.dtype)[()]
    flat = a.reshape(-1)
    return flat[_median_index(flat, 0)][()]


median.vjp = _evenly   # NOTE: PyTorch shares the gradient evenly among the elements equal to the median


@median.def_symbolic
def _(S, s, n):
    x = np.asarray(n[0])
    hit = x == median.forward(x)
    return S.sum(S.obj(s[0]) * S.const(hit / np.sum(hit)), None, False)


def _cumulative_extreme(kind):
    better = np.greater_equal if kind == "max" else np.less_equal

    def forward(a, dim=0):
        src, d = _along(a, dim)
        moved = np.moveaxis(src, d, -1)
        vals, idx = np.empty_like(moved), np.zeros(moved.shape, np.int64)
        best, at = moved[..., 0].copy(), np.zeros(moved.shape[:-1], np.int64)
        for i in range(moved.shape[-1]):
            x = moved[..., i]
            # PyTorch: a later element equal to the running extreme takes over (>=, <=); NaN stays once met
            take = better(x, best) | np.isnan(x) if src.dtype.kind == "f" else better(x, best)
            if src.dtype.kind == "f":
                take &= ~np.isnan(best) | np.isnan(x)
            best, at = np.where(take, x, best), np.where(take, i, at)
            vals[..., i], idx[..., i] = best, at
        vals, idx = np.moveaxis(vals, -1, d), np.moveaxis(idx, -1, d)
        return vals.reshape(np.shape(a))[()], idx.reshape(np.shape(a))

    op = defop("cum" + kind, f"Cum{kind}Backward0", has_aux=True, aux_saved=True, dtype_rule="keep",
               pytorch=SPECIAL)(forward)
    op.vjp = _picked_vjp
    op.symbolic = lambda S, s, n, dim=0: _picked_symbolic(S, s, n, forward(n[0], dim)[1], dim)
    return op


cummax = _cumulative_extreme("max")
cummin = _cumulative_extreme("min")


@defop("cumprod", "CumprodBackward0", needs={0: (0,)}, dtype_rule="keep", pytorch=call("torch.cumprod", 0, dim="=dim"))
def cumprod(a, dim=0):
    a = np.asarray(a)
    # NOTE: multiplied in order along the dim, one rounding per step, as PyTorch's kernel
    return (np.cumprod(_int_to_long(a), axis=dim) if a.ndim else _int_to_long(a).copy())[()]


@cumprod.def_vjp
def _(ctx, g, F):
    # d out_j / d x_k = prod_{i <= j, i != k} x_i for j >= k: with no zero along the dim that is out_j / x_k, so
    # input k gets (the reversed cumulative sum of g * out)_k / x_k; with zeros, the products are made for each
    # k with x_k replaced by 1 (PyTorch's cumprod_backward treats zeros apart too)
    shape = ctx._in_meta[0][0]
    if not shape:
        return g,
    d = ctx.params["dim"] % len(shape)
    x = ctx.input(0, F)
    xs = np.asarray(_raw(x))
    if not np.any(xs == 0):
        out = F.cumprod(x, d)
        return F.flip(F.cumsum(F.flip(g * out, (d,)), d), (d,)) / x,
    n = shape[d]
    parts = []
    for k in range(n):
        ones_at_k = np.zeros(shape, bool)
        ones_at_k[(slice(None),) * d + (k,)] = True
        partial = F.cumprod(F.where(ones_at_k, F.const(np.ones((), xs.dtype)), x), d)
        later = np.zeros(shape, bool)
        later[(slice(None),) * d + (slice(k, None),)] = True
        parts.append(F.sum(F.keep(later, g * partial), d, True))
    return F.concat(parts, d),


@cumprod.def_symbolic
def _(S, s, n, dim=0):
    a = S.obj(s[0])
    return S.obj(np.cumprod(a, axis=dim)) if a.ndim else a.copy()


@defop("trace", "TraceBackward0", dtype_rule="keep", pytorch=call("torch.trace", 0))
def trace(a):
    a = np.asarray(a)
    if a.ndim != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {a.ndim}")
    return torch_sum(_int_to_long(np.diagonal(a).copy()))[()]


@trace.def_vjp
def _(ctx, g, F):
    shape = ctx._in_meta[0][0]
    eye = np.eye(shape[0], shape[1], dtype=np.result_type(_raw(g)))
    return F.expand(g, shape) * F.const(eye),


@trace.def_symbolic
def _(S, s, n):
    a = S.obj(s[0])
    return S.sum(S.obj(np.diagonal(a).copy()), None, False)


@defop("logsumexp", "LogsumexpBackward0", needs={0: (0,)}, saves_result=True, dtype_rule="float",
       pytorch=call("torch.logsumexp", 0, "=dim", keepdim="=keepdim"))
def logsumexp(a, dim=(0,), keepdim=False):
    """PyTorch's: the max along the dims (0 where infinite) taken out, ``log(sum(exp(a - max))) + max``."""
    a = np.asarray(a)
    if a.dtype.kind in "biu":
        a = a.astype(np.float32)
    ax = _axes(dim, a.ndim)
    if a.ndim == 0:
        return a.copy()[()]
    m = np.max(a, axis=ax, keepdims=True) if a.size else np.zeros([1] * a.ndim, a.dtype)
    m = np.where(np.isinf(m), np.zeros((), a.dtype), m).astype(a.dtype)
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        e = vecmath.mkl_like(np.exp, (a - m).astype(a.dtype)) if a.dtype == np.float32 else np.exp(a - m)
        total = np.asarray(torch_sum(e, axis=ax, keepdims=True), dtype=a.dtype)
        out = (vecmath.mkl_like(np.log, total) if a.dtype == np.float32 else np.log(total)) + m
    out = out.astype(a.dtype)
    return (out if keepdim else np.squeeze(out, axis=ax))[()]


@logsumexp.def_vjp
def _(ctx, g, F):
    shape = ctx._in_meta[0][0]
    if not shape:
        return g,
    dim, keepdim = ctx.params["dim"], ctx.params.get("keepdim", False)
    r = _spread(ctx.result(F), shape, dim, keepdim, F)
    return _spread(g, shape, dim, keepdim, F) * F.exp(ctx.input(0, F) - r),


@logsumexp.def_symbolic
def _(S, s, n, dim=(0,), keepdim=False):
    a = S.obj(s[0])
    if a.ndim == 0:
        return a
    return S.obj(S.log(S.sum(S.exp(a), dim, keepdim)))
