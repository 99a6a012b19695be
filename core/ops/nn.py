"""Losses of ``torch.nn.functional``: mse_loss, nll_loss (cross_entropy is
log_softmax + nll_loss, as in PyTorch), binary_cross_entropy."""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops.registry import call, defop
from core.ops.vjp import raw as _raw

_REDUCTIONS = ("mean", "sum", "none")


def _reduce(x, reduction):
    if reduction == "mean":
        return np.mean(x, dtype=x.dtype)[()]
    if reduction == "sum":
        return np.sum(x, dtype=x.dtype)[()]
    if reduction == "none":
        return x
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _unreduce(g, shape, reduction, F):
    n = int(np.prod(shape)) if shape else 1
    if reduction == "mean":
        return F.expand(g / n, shape)
    if reduction == "sum":
        return F.expand(g, shape)
    return g


@defop("mse_loss", "MseLossBackward0", needs={0: (0, 1), 1: (0, 1)}, dtype_rule="float",
       pytorch=call("torch.nn.functional.mse_loss", 0, 1, reduction="=reduction"))
def mse_loss(a, target, reduction="mean"):
    if np.shape(a) != np.shape(target):
        raise ValueError(f"Using a target size ({_size(target)}) that is different to the input size "
                         f"({_size(a)}). This will likely lead to incorrect results due to broadcasting. "
                         "Please ensure they have the same size.")
    d = np.asarray(a) - target
    return _reduce(d * d, reduction)


def _size(x):
    return "torch.Size([" + ", ".join(str(s) for s in np.shape(x)) + "])"


@mse_loss.def_vjp
def _(ctx, g, F):
    a, t = ctx.input(0, F), ctx.input(1, F)
    shape = ctx._in_meta[0][0]
    gd = _unreduce(g, shape, ctx.params["reduction"], F) * (2 * (a - t))
    return (gd if ctx.wants(0) else None, -gd if ctx.wants(1) else None)


@mse_loss.def_symbolic
def _(S, s, n, reduction="mean"):
    return S.reduce((S.obj(s[0]) - s[1]) ** 2, reduction)


@defop("nll_loss", "NllLossBackward0", dtype_rule="keep", has_aux=True, aux_saved=True,
       pytorch=call("torch.nn.functional.nll_loss", 0, "=target", reduction="=reduction"))
def nll_loss(logp, target=None, reduction="mean"):
    logp = np.asarray(logp)
    tgt = np.asarray(target)
    if tgt.dtype.kind not in "iu":
        raise RuntimeError(f"expected scalar type Long but found {dtypes.from_numpy(tgt.dtype).scalar_name}")
    if logp.ndim == 1:
        picked = -logp[tgt]
        rows = None
    else:
        if logp.shape[0] != tgt.shape[0]:
            raise ValueError(f"Expected input batch_size ({logp.shape[0]}) to match target batch_size ({tgt.shape[0]}).")
        n_cls = logp.shape[1]
        bad = (tgt < 0) | (tgt >= n_cls)
        if np.any(bad):
            raise IndexError(f"Target {int(tgt[bad][0])} is out of bounds.")
        rows = np.arange(logp.shape[0])
        picked = -logp[rows, tgt]
    return _reduce(np.asarray(picked, dtype=logp.dtype), reduction), (tgt, rows)


@nll_loss.def_vjp
def _(ctx, g, F):
    tgt, rows = ctx.aux()
    shape = ctx._in_meta[0][0]
    reduction = ctx.params["reduction"]
    n = 1 if rows is None else len(rows)
    if reduction == "mean":
        g = g / n
    key = (tgt,) if rows is None else (rows, tgt)
    return F.scatter_index(-g, shape, key),


@nll_loss.def_symbolic
def _(S, s, n, target=None, reduction="mean"):
    a = S.obj(s[0])
    t = np.asarray(target)
    picked = -a[t] if a.ndim == 1 else -a[np.arange(a.shape[0]), t]
    return S.reduce(picked, reduction)


@defop("binary_cross_entropy", "BinaryCrossEntropyBackward0", needs={0: (0, 1), 1: (0,)}, dtype_rule="float",
       pytorch=call("torch.nn.functional.binary_cross_entropy", 0, 1, reduction="=reduction"))
def binary_cross_entropy(p, target, reduction="mean"):
    p = np.asarray(p)
    if p.shape != np.shape(target):
        raise ValueError(f"Using a target size ({_size(target)}) that is different to the input size "
                         f"({_size(p)}) is deprecated. Please ensure they have the same size.")
    if np.any((p < 0) | (p > 1)):
        raise RuntimeError("all elements of input should be between 0 and 1")
    # NOTE: PyTorch clamps each log term at -100 so that p = 0 or 1 gives a finite loss.
    with np.errstate(divide="ignore"):
        lp = np.maximum(np.log(p), -100)
        l1p = np.maximum(np.log1p(-p), -100)
    loss = -(target * lp + (1 - target) * l1p)
    return _reduce(np.asarray(loss, dtype=p.dtype), reduction)


@binary_cross_entropy.def_vjp
def _(ctx, g, F):
    p, y = ctx.input(0, F), ctx.input(1, F)
    shape = ctx._in_meta[0][0]
    # NOTE: the denominator is clamped at 1e-12 as in PyTorch, so p = 0 or 1 stays finite.
    gs = _unreduce(g, shape, ctx.params["reduction"], F)
    gp = None
    if ctx.wants(0):
        denom = p * (1 - p)
        raw = np.asarray(_raw(denom))
        floor = F.const(np.maximum(raw, 1e-12) - raw)
        gp = gs * (p - y) / (denom + floor)
    gy = None
    if ctx.wants(1):
        # d/dy of -(y log p + (1-y) log(1-p)), with the same -100 clamp on the logs
        raw_p = np.asarray(_raw(p))
        with np.errstate(divide="ignore"):
            logit = np.maximum(np.log(raw_p), -100) - np.maximum(np.log1p(-raw_p), -100)
        gy = gs * F.const(-logit.astype(raw_p.dtype))
    return gp, gy


@binary_cross_entropy.def_symbolic
def _(S, s, n, reduction="mean"):
    p, y = S.obj(s[0]), S.obj(s[1])
    return S.reduce(-(y * S.log(p) + (S.ONE - y) * S.log(S.ONE - p)), reduction)
