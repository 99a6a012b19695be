"""Losses of ``torch.nn.functional``: mse_loss, nll_loss and nll_loss2d
(cross_entropy is log_softmax + nll_loss, as in PyTorch), binary_cross_entropy;
and the reduction every loss shares (:func:`reduce_loss`)."""
from __future__ import annotations

import ctypes
import ctypes.util

import numpy as np

from core import dtypes
from core.ops.registry import call, defop
from core.ops.summation import torch_mean, torch_sum
from core.ops.vjp import raw as _raw

_REDUCTIONS = ("mean", "sum", "none")


def reduce_loss(x, reduction):
    """A loss's reduction of its elementwise values: 'mean', 'sum' or 'none' (PyTorch's
    ``mean``/``sum`` of the unreduced loss, in its summation order)."""
    if reduction == "mean":
        return np.asarray(torch_mean(x), dtype=x.dtype)[()]
    if reduction == "sum":
        return np.asarray(torch_sum(x), dtype=x.dtype)[()]
    if reduction == "none":
        return x
    raise ValueError(f"{reduction} is not a valid value for reduction")


def same_size(a, target):
    """PyTorch's check of the elementwise losses (a UserWarning there, before broadcasting)."""
    if np.shape(a) != np.shape(target):
        raise ValueError(f"Using a target size ({size_text(target)}) that is different to the input size "
                         f"({size_text(a)}). This will likely lead to incorrect results due to broadcasting. "
                         "Please ensure they have the same size.")


@defop("mse_loss", "MseLossBackward0", needs={0: (0, 1), 1: (0, 1)}, dtype_rule="float",
       pytorch=call("torch.nn.functional.mse_loss", 0, 1, reduction="=reduction"))
def mse_loss(a, target, reduction="mean"):
    same_size(a, target)
    d = np.asarray(a) - target
    return reduce_loss(d * d, reduction)


def size_text(x):
    """``torch.Size([2, 3])``, as PyTorch writes a shape in its messages."""
    return "torch.Size([" + ", ".join(str(s) for s in np.shape(x)) + "])"


@mse_loss.def_vjp
def _(ctx, g, F):
    a, t = ctx.input(0, F), ctx.input(1, F)
    shape = ctx._in_meta[0][0]
    reduction = ctx.params["reduction"]
    # NOTE: PyTorch's kernel: (2 / numel, or 2) * (a - t) * g, in that order
    norm = 2.0 / (int(np.prod(shape)) if shape else 1) if reduction == "mean" else 2.0
    gd = norm * (a - t) * (g if reduction == "none" else F.expand(g, shape))
    return (gd if ctx.wants(0) else None, -gd if ctx.wants(1) else None)


@mse_loss.def_symbolic
def _(S, s, n, reduction="mean"):
    return S.reduce((S.obj(s[0]) - s[1]) ** 2, reduction)


def _cascade_sum(values, counted):
    """PyTorch's float sum of a loss over the batch in nll_loss: partial sums on 8 levels of
    2**max(4, ceil(log2(n)) // 8) items, carried up at each item whose index is a multiple of
    the level's size (item 0 included); an ignored item adds nothing and carries nothing."""
    n = len(values)
    levels = 8
    power = max(4, (int(n - 1).bit_length() if n > 1 else 0) // levels)
    mask = (1 << power) - 1
    dt = values.dtype.type
    partial = [dt(0)] * levels
    for b in range(n):
        if not counted[b]:
            continue
        partial[0] = dt(partial[0] + values[b])
        for j in range(levels - 1):
            if b & (mask << (j * power)):
                break
            partial[j + 1] = dt(partial[j + 1] + partial[j])
            partial[j] = dt(0)
    total = dt(0)
    for v in partial:
        total = dt(total + v)
    return total


def nll_parts(logp, tgt, weight, ignore_index):
    """What nll_loss reads: the index of each target's entry in ``logp``, its weight (0
    where ignored), and which targets count.  ``logp`` is (C,), (N, C) or (N, C, d1, ...)."""
    logp = np.asarray(logp)
    tgt = np.asarray(tgt)
    if tgt.dtype.kind not in "iu":
        raise RuntimeError(f"expected scalar type Long but found {dtypes.from_numpy(tgt.dtype).scalar_name}")
    n_cls = logp.shape[0] if logp.ndim == 1 else logp.shape[1]
    if logp.ndim >= 2 and logp.shape[0] != (tgt.shape[0] if tgt.ndim else -1):
        raise ValueError(f"Expected input batch_size ({logp.shape[0]}) to match target batch_size "
                         f"({tgt.shape[0] if tgt.ndim else 0}).")
    if weight is not None and np.shape(weight) != (n_cls,):
        raise RuntimeError(f"weight tensor should be defined either for all {n_cls} classes or no classes but got "
                           f"weight tensor of shape: [{', '.join(map(str, np.shape(weight)))}]")
    valid = tgt != ignore_index
    bad = valid & ((tgt < 0) | (tgt >= n_cls))
    if np.any(bad):
        raise IndexError(f"Target {int(tgt[bad].ravel()[0])} is out of bounds.")
    safe = np.where(valid, tgt, 0)
    if logp.ndim == 1:
        key = (safe,)
    else:
        grids = np.indices(tgt.shape)
        key = (grids[0], safe) + tuple(grids[1:])
    w = np.ones(tgt.shape, dtype=logp.dtype) if weight is None else np.asarray(weight, dtype=logp.dtype)[safe]
    return key, np.where(valid, w, 0).astype(logp.dtype), valid


def nll_forward(logp, target=None, weight=None, ignore_index=-100, reduction="mean"):
    logp = np.asarray(logp)
    key, w, valid = nll_parts(logp, target, weight, ignore_index)
    losses = np.where(valid, -logp[key] * w, 0).astype(logp.dtype)
    if reduction == "none":
        return losses, None
    counted = valid.ravel()
    total = _cascade_sum(losses.ravel(), counted)
    if reduction == "sum":
        return np.asarray(total, dtype=logp.dtype)[()], None
    tw = _cascade_sum(w.ravel(), counted) if weight is not None else logp.dtype.type(int(valid.sum()))
    return np.asarray(total / tw, dtype=logp.dtype)[()], tw


def _nll_vjp(ctx, g, F):
    p = ctx.params
    shape = ctx._in_meta[0][0]
    key, w, valid = nll_parts(np.empty(shape, dtype=np.float32), p["target"], p.get("weight"),
                              p.get("ignore_index", -100))
    reduction = p.get("reduction", "mean")
    dt = np.result_type(_raw(g))
    w = w.astype(dt)
    keep = tuple(k[valid] if np.ndim(k) else k for k in key) if valid.ndim else key
    if reduction == "none":
        gi = -(g * F.const(w))
        gi = F.index(gi, valid.nonzero()) if valid.ndim else gi
    else:
        if reduction == "mean":
            g = g / ctx.aux()
        # NOTE: PyTorch: grad = -(g / total_weight), then weight[t] * grad at each counted target
        gi = F.const(w[valid] if valid.ndim else w) * -g
    if not valid.ndim and not bool(valid):
        return F.scatter_index(gi * 0, shape, key),
    return F.scatter_index(gi, shape, keep),


def _nll_symbolic(S, s, n, target=None, weight=None, ignore_index=-100, reduction="mean"):
    a = S.obj(s[0])
    key, w, valid = nll_parts(np.asarray(n[0]), target, weight, ignore_index)
    losses = S.pick(valid, -a[key] * (S.const(w) if weight is not None else 1), S.zeros_like(valid))
    if reduction == "none":
        return losses
    total = S.sum(losses)
    if reduction == "sum":
        return total
    tw = S.sum(S.const(w)) if weight is not None else S.Integer(int(valid.sum()))
    return total / tw


def _nll_op(name, grad_fn):
    op = defop(name, grad_fn, dtype_rule="keep", has_aux=True, aux_saved=True, input_names=("self",),
               pytorch=call("torch.nn.functional.nll_loss", 0, "=target", weight="=weight",
                            ignore_index="=ignore_index", reduction="=reduction"))(nll_forward)
    op.def_vjp(_nll_vjp)
    op.def_symbolic(_nll_symbolic)
    return op


# (C,) and (N, C) inputs; (N, C, H, W) has a node of its own (the wrapper views others to 4-d, as PyTorch)
nll_loss = _nll_op("nll_loss", "NllLossBackward0")
nll_loss2d = _nll_op("nll_loss2d", "NllLoss2DBackward0")


def _libm():
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    except OSError:
        return None
    fns = {}
    for name, ct in (("logf", ctypes.c_float), ("log1pf", ctypes.c_float), ("log", ctypes.c_double),
                     ("log1p", ctypes.c_double)):
        f = getattr(lib, name)
        f.restype, f.argtypes = ct, [ct]
        fns[name] = np.frompyfunc(f, 1, 1)
    return fns


_LIBM = _libm()
C_LOG_LIMIT = 1_000_000


def c_log(x, plus_one=False):
    """``log(x)`` (``log1p(x)`` with ``plus_one``) from the C library, elementwise.

    NOTE: PyTorch's scalar CPU kernels (binary_cross_entropy's) call the C library's logf and
    log1pf, whose last bit differs from numpy's vectorized log in about 1 float32 in 5; this
    calls the same functions.  Above C_LOG_LIMIT elements (0.7 us each) numpy's log is used."""
    x = np.asarray(x)
    if _LIBM is None or x.size > C_LOG_LIMIT or x.dtype not in (np.float32, np.float64):
        return np.log1p(x) if plus_one else np.log(x)
    name = ("log1p" if plus_one else "log") + ("f" if x.dtype == np.float32 else "")
    return np.asarray(_LIBM[name](x), dtype=x.dtype)


@defop("binary_cross_entropy", "BinaryCrossEntropyBackward0", needs={0: (0, 1), 1: (0,)}, dtype_rule="float",
       input_names=("self", "target"),
       pytorch=call("torch.nn.functional.binary_cross_entropy", 0, 1, weight="=weight", reduction="=reduction"))
def binary_cross_entropy(p, target, reduction="mean", weight=None):
    p = np.asarray(p)
    if p.shape != np.shape(target):
        raise ValueError(f"Using a target size ({size_text(target)}) that is different to the input size "
                         f"({size_text(p)}) is deprecated. Please ensure they have the same size.")
    if np.any((p < 0) | (p > 1)):
        raise RuntimeError("all elements of input should be between 0 and 1")
    if np.any((np.asarray(target) < 0) | (np.asarray(target) > 1)):
        raise RuntimeError("all elements of target should be between 0 and 1")
    dt = p.dtype.type
    # NOTE: PyTorch clamps each log term at -100 so that p = 0 or 1 gives a finite loss;
    # written as PyTorch writes it, (y - 1) * log1p(-p) - y * log(p), for the same float32 rounding.
    with np.errstate(divide="ignore"):
        lp = np.maximum(c_log(p), dt(-100))
        l1p = np.maximum(c_log(-p, plus_one=True), dt(-100))
    loss = (target - dt(1)) * l1p - target * lp
    if weight is not None:
        loss = loss * np.asarray(weight, dtype=p.dtype)
    return reduce_loss(np.asarray(loss, dtype=p.dtype), reduction)


@binary_cross_entropy.def_vjp
def _(ctx, g, F):
    p, y = ctx.input(0, F), ctx.input(1, F)
    shape = ctx._in_meta[0][0]
    reduction = ctx.params.get("reduction", "mean")
    weight = ctx.params.get("weight")
    n = int(np.prod(shape)) if shape else 1
    gs = g if reduction == "none" else F.expand(g, shape)
    dt = np.result_type(_raw(p))
    gp = None
    if ctx.wants(0):
        # NOTE: the denominator is clamped at 1e-12 as in PyTorch, so p = 0 or 1 stays finite.
        denom = (1 - p) * p
        raw = np.asarray(_raw(denom))
        floor = F.const(np.maximum(raw, dt.type(1e-12)) - raw)
        gp = gs * (p - y) / (denom + floor)
    gy = None
    if ctx.wants(1):
        # d/dy of (y - 1) log(1-p) - y log p, with the same -100 clamp on the logs
        raw_p = np.asarray(_raw(p))
        with np.errstate(divide="ignore"):
            logit = np.maximum(np.log1p(-raw_p), -100) - np.maximum(np.log(raw_p), -100)
        gy = gs * F.const(logit.astype(raw_p.dtype))
    out = []
    for gi in (gp, gy):
        if gi is not None:
            if weight is not None:
                gi = gi * F.const(np.asarray(weight, dtype=dt))
            if reduction == "mean":
                gi = gi / n
        out.append(gi)
    return tuple(out)


@binary_cross_entropy.def_symbolic
def _(S, s, n, reduction="mean", weight=None):
    p, y = S.obj(s[0]), S.obj(s[1])
    loss = -(y * S.log(p) + (S.ONE - y) * S.log(S.ONE - p))
    if weight is not None:
        loss = loss * S.const(np.broadcast_to(weight, np.shape(n[0])))
    return S.reduce(loss, reduction)
