"""More losses of ``torch.nn.functional`` with a backward node of their own in
PyTorch: smooth_l1_loss, huber_loss, binary_cross_entropy_with_logits,
soft_margin_loss, multi_margin_loss, multilabel_margin_loss; and the Scalar overloads PyTorch's C++ composites call, which
name their nodes differently from the Python operators: ``div_scalar``
(DivBackward1: cross_entropy with class probabilities), ``mul_scalar``
(MulBackward1) and ``masked_fill`` (MaskedFillBackward0: label smoothing).

The losses composed of other ops in PyTorch (l1_loss, kl_div, cross_entropy)
are composed the same way in :mod:`core.torch.nn.functional`, so their graphs
show the same nodes.  Each vjp follows PyTorch's CPU backward term for term
(``norm`` is 1/numel for 'mean', rounded as PyTorch rounds it), so float32
gradients match bit for bit wherever no transcendental function is involved
(measured in tests/core/test_nn_losses.py).
"""
from __future__ import annotations

import numpy as np

from core.ops.nn import reduce_loss, same_size, size_text
from core.ops.registry import REGISTRY, call, defop
from core.translatable import _T
from core.ops.vecmath import glibc_expf
from core.ops.vjp import raw as _raw


def scalar_tail(x):
    """Which elements of a contiguous elementwise kernel PyTorch runs with its scalar code: those
    after the last full pair of vectors (AVX2: 2 x 8 float32, 2 x 4 float64).

    NOTE: modelled for one thread (under 32768 elements, PyTorch's grain size); above it the
    range is split between threads, each with its own tail, which is not modelled."""
    n = x.size
    pair = 2 * (32 // x.dtype.itemsize)
    return (np.arange(n) >= (n // pair) * pair).reshape(x.shape)


def _norm(ctx):
    """PyTorch's ``norm``: 1/numel for 'mean' (a Python float, rounded to the dtype on use), else 1."""
    if ctx.params.get("reduction", "mean") != "mean":
        return 1.0
    shape = ctx._in_meta[0][0]
    return 1.0 / (int(np.prod(shape)) if shape else 1)


def _spread(g, ctx, F):
    """The incoming gradient at every element (a reduced loss's scalar broadcast back)."""
    shape = ctx._in_meta[0][0]
    return g if ctx.params.get("reduction", "mean") == "none" else F.expand(g, shape)


def _signed(ctx, gi, F):
    """``(d input, d target)`` from the gradient with respect to the input: the target's is its negative."""
    return (gi if ctx.wants(0) else None, -gi if ctx.wants(1) else None)


# ---------------------------------------------------------------------------
# smooth L1 and Huber
# ---------------------------------------------------------------------------

@defop("smooth_l1_loss", "SmoothL1LossBackward0", needs={0: (0, 1), 1: (0, 1)}, dtype_rule="float",
       input_names=("self", "target"),
       pytorch=call("torch.nn.functional.smooth_l1_loss", 0, 1, reduction="=reduction", beta="=beta"))
def smooth_l1_loss(a, target, reduction="mean", beta=1.0):
    same_size(a, target)
    z = np.abs(np.asarray(a) - target)
    dt = z.dtype.type
    half, b = dt(0.5), dt(beta)
    loss = np.where(z < b, half * z * z / b, z - half * b).astype(z.dtype)
    return reduce_loss(loss, reduction)


@smooth_l1_loss.def_vjp
def _(ctx, g, F):
    beta = ctx.params.get("beta", 1.0)
    x = ctx.input(0, F) - ctx.input(1, F)
    xr = np.asarray(_raw(x))
    norm, gs = _norm(ctx), _spread(g, ctx, F)
    # NOTE: PyTorch's vectorized kernel: norm * (x / beta, or the sign of x where |x| >= beta) * g; the
    # elements after the last full pair of vectors take its scalar formula, norm * x * g / beta (in double)
    slope = F.where(np.abs(xr) >= xr.dtype.type(beta), F.const(np.where(xr > 0, 1, -1).astype(xr.dtype)), x / beta)
    gi = norm * slope * gs
    tail = scalar_tail(xr) & (np.abs(xr) < xr.dtype.type(beta))
    if tail.any():
        scalar = F.cast(F.cast(norm * x * gs, np.float64) / beta, xr.dtype)
        gi = F.where(tail, scalar, gi)
    return _signed(ctx, gi, F)


@smooth_l1_loss.def_symbolic
def _(S, s, n, reduction="mean", beta=1.0):
    d = S.obj(s[0]) - s[1]
    z = np.abs(np.asarray(n[0], dtype=np.float64) - np.asarray(n[1], dtype=np.float64))
    sgn = np.where(np.asarray(n[0]) >= np.asarray(n[1]), 1, -1)
    b = S.number(beta)
    quad = d * d / (2 * b) if beta else d * 0
    lin = d * sgn - b / 2
    return S.reduce(S.pick(z < beta, quad, lin), reduction)


@defop("huber_loss", "HuberLossBackward0", needs={0: (0, 1), 1: (0, 1)}, dtype_rule="float",
       input_names=("self", "target"),
       pytorch=call("torch.nn.functional.huber_loss", 0, 1, reduction="=reduction", delta="=delta"))
def huber_loss(a, target, reduction="mean", delta=1.0):
    same_size(a, target)
    z = np.abs(np.asarray(a) - target)
    dt = z.dtype.type
    half, d = dt(0.5), dt(delta)
    loss = np.where(z < d, half * z * z, d * (z - half * d)).astype(z.dtype)
    return reduce_loss(loss, reduction)


@huber_loss.def_vjp
def _(ctx, g, F):
    delta = ctx.params.get("delta", 1.0)
    x = ctx.input(0, F) - ctx.input(1, F)
    xr = np.asarray(_raw(x))
    d = xr.dtype.type(delta)
    norm, gs = _norm(ctx), _spread(g, ctx, F)
    # NOTE: PyTorch's vectorized kernel: norm * (x, or delta with the sign of x where |x| >= delta) * g; the
    # elements after the last full pair of vectors take its scalar formula, norm * g * delta (delta a double)
    sign = F.const(np.where(xr > 0, 1, -1).astype(xr.dtype))
    gi = norm * F.where(np.abs(xr) >= d, sign * d, x) * gs
    tail = scalar_tail(xr) & (np.abs(xr) >= d)
    if tail.any():
        gi = F.where(tail, sign * F.cast(F.cast(norm * gs, np.float64) * delta, xr.dtype), gi)
    return _signed(ctx, gi, F)


@huber_loss.def_symbolic
def _(S, s, n, reduction="mean", delta=1.0):
    d = S.obj(s[0]) - s[1]
    z = np.abs(np.asarray(n[0], dtype=np.float64) - np.asarray(n[1], dtype=np.float64))
    sgn = np.where(np.asarray(n[0]) >= np.asarray(n[1]), 1, -1)
    dl = S.number(delta)
    return S.reduce(S.pick(z < delta, d * d / 2, dl * (d * sgn - dl / 2)), reduction)


# ---------------------------------------------------------------------------
# binary cross entropy on logits, soft margin
# ---------------------------------------------------------------------------

@defop("binary_cross_entropy_with_logits", "BinaryCrossEntropyWithLogitsBackward0", needs={0: (0, 1), 1: (0, 1)},
       dtype_rule="float", input_names=("self", "target"),
       pytorch=call("torch.nn.functional.binary_cross_entropy_with_logits", 0, 1, weight="=weight",
                    reduction="=reduction", pos_weight="=pos_weight"))
def binary_cross_entropy_with_logits(x, target, reduction="mean", weight=None, pos_weight=None):
    x = np.asarray(x)
    if x.shape != np.shape(target):
        raise ValueError(f"Target size ({size_text(target)}) must be the same as input size ({size_text(x)})")
    dt = x.dtype
    ls = REGISTRY["logsigmoid"].forward(x)   # F.logsigmoid's numbers (core.ops.activations)
    if pos_weight is not None:
        ls = ls * ((np.asarray(pos_weight, dtype=dt) - dt.type(1)) * target + dt.type(1))
    loss = (dt.type(1) - target) * x - ls
    if weight is not None:
        loss = loss * np.asarray(weight, dtype=dt)
    return reduce_loss(np.asarray(loss, dtype=dt), reduction)


def _sigmoid(x, F):
    return 1 / (1 + F.exp(-x))


@binary_cross_entropy_with_logits.def_vjp
def _(ctx, g, F):
    x, y = ctx.input(0, F), ctx.input(1, F)
    p = ctx.params
    shape = ctx._in_meta[0][0]
    dt = np.result_type(_raw(x))
    weight, pos_weight = p.get("weight"), p.get("pos_weight")
    pw = None if pos_weight is None else F.const(np.asarray(pos_weight, dtype=dt))
    gs = _spread(g, ctx, F)
    gx = gy = None
    # NOTE: PyTorch's order: the elementwise derivative times g, then times weight, then / numel
    if ctx.wants(0):
        if pw is not None:
            t = pw * y
            gx = ((t + 1 - y) * _sigmoid(x, F) - t) * gs
        else:
            gx = (_sigmoid(x, F) - y) * gs
    if ctx.wants(1):
        if pw is not None:
            gy = (_log_sigmoid(-x, F) - _log_sigmoid(x, F) * pw) * gs
        else:
            gy = -x * gs
    out = []
    for gi in (gx, gy):
        if gi is not None:
            if weight is not None:
                gi = gi * F.const(np.asarray(weight, dtype=dt))
            if p.get("reduction", "mean") == "mean":
                gi = gi / (int(np.prod(shape)) if shape else 1)
        out.append(gi)
    return tuple(out)


def _log_sigmoid(x, F):
    # NOTE: min(x, 0) - log(1 + exp(-|x|)), the overflow-free form (a vjp namespace has no log1p)
    xr = np.asarray(_raw(x))
    neg = F.const((xr < 0).astype(xr.dtype))
    return neg * x - F.log(1 + F.exp(-F.abs(x)))


@binary_cross_entropy_with_logits.def_symbolic
def _(S, s, n, reduction="mean", weight=None, pos_weight=None):
    x, y = S.obj(s[0]), S.obj(s[1])
    ls = -S.log(S.ONE + S.exp(-x))
    if pos_weight is not None:
        ls = ls * ((S.const(pos_weight) - 1) * y + 1)
    loss = (S.ONE - y) * x - ls
    if weight is not None:
        loss = loss * S.const(weight)
    return S.reduce(loss, reduction)


@defop("soft_margin_loss", "SoftMarginLossBackward0", needs={0: (0,)}, dtype_rule="float",
       pytorch=call("torch.nn.functional.soft_margin_loss", 0, "=target", reduction="=reduction"))
def soft_margin_loss(x, target=None, reduction="mean"):
    """log(1 + exp(-target * x)); the target is a constant (PyTorch: not differentiable)."""
    same_size(x, target)
    x = np.asarray(x)
    t = np.asarray(target, dtype=x.dtype)
    return reduce_loss(np.log1p(np.exp(-t * x)).astype(x.dtype), reduction)


@soft_margin_loss.def_vjp
def _(ctx, g, F):
    x = ctx.input(0, F)
    dt = np.result_type(_raw(x))
    y = F.const(np.asarray(ctx.params["target"], dtype=dt))
    z = F.exp(-y * x)
    # NOTE: PyTorch's order: target * z * (-norm) / (1 + z) * g
    return y * z * -_norm(ctx) / (1 + z) * _spread(g, ctx, F),


@soft_margin_loss.def_symbolic
def _(S, s, n, target=None, reduction="mean"):
    return S.reduce(S.log(S.ONE + S.exp(-S.obj(s[0]) * S.const(target))), reduction)


# ---------------------------------------------------------------------------
# aten::div.Scalar
# ---------------------------------------------------------------------------

@defop("div_scalar", "DivBackward1", dtype_rule="float",
       pytorch=call("torch.ops.aten.div.Scalar", 0, "=other"))
def div_scalar(a, other=1):
    a = np.asarray(a)
    return (a / a.dtype.type(other))[()]


@div_scalar.def_vjp
def _(ctx, g, F):
    return g / ctx.params["other"],


@div_scalar.def_symbolic
def _(S, s, n, other=1):
    return S.obj(s[0]) / S.number(other)


# ---------------------------------------------------------------------------
# aten::mul.Scalar and masked_fill: the steps of cross_entropy's label smoothing
# ---------------------------------------------------------------------------

@defop("mul_scalar", "MulBackward1", dtype_rule="float",
       pytorch=call("torch.ops.aten.mul.Scalar", 0, "=other"))
def mul_scalar(a, other=1):
    a = np.asarray(a)
    return (a * a.dtype.type(other))[()]


@mul_scalar.def_vjp
def _(ctx, g, F):
    return g * ctx.params["other"],


@mul_scalar.def_symbolic
def _(S, s, n, other=1):
    return S.obj(s[0]) * S.number(other)


@defop("masked_fill", "MaskedFillBackward0", dtype_rule="first",
       pytorch=call(".masked_fill", 0, "=mask", "=value"))
def masked_fill(a, mask=None, value=0.0):
    a = np.asarray(a)
    return np.where(mask, a.dtype.type(value), a).astype(a.dtype)[()]


@masked_fill.def_vjp
def _(ctx, g, F):
    # NOTE: the filled places get +0 (PyTorch: grad.masked_fill(mask, 0))
    return F.keep(np.broadcast_to(~np.asarray(ctx.params["mask"]), np.shape(_raw(g))), g),


@masked_fill.def_symbolic
def _(S, s, n, mask=None, value=0.0):
    return S.pick(np.asarray(mask), S.zeros_like(n[0]) + S.number(value), S.obj(s[0]))


# ---------------------------------------------------------------------------
# multi-class margin losses (issue 12: 《深入浅出PyTorch》 3.6)
# ---------------------------------------------------------------------------

def _rows(x):
    x = np.asarray(x)
    return x.reshape(1, -1) if x.ndim <= 1 else x


def _multi_margin_terms(x, target, p, margin, weight):
    """Each sample's terms ``max(0, margin - x[y] + x[d])`` (squared when p == 2, times weight[y]) for d != y,
    in float math of the input's dtype, and where they are positive."""
    rows = _rows(x)
    dt = rows.dtype
    y = np.asarray(target, dtype=np.int64).reshape(-1)
    picked = rows[np.arange(rows.shape[0]), y][:, None]
    z = (dt.type(margin) - picked) + rows
    on = (z > 0) & (np.arange(rows.shape[1])[None, :] != y[:, None])
    h = np.where(on, z if p == 1 else z * z, 0).astype(dt)
    if weight is not None:
        h = (h * np.asarray(weight, dtype=dt)[y][:, None]).astype(dt)
    return h, z, on, y


@defop("multi_margin_loss", "MultiMarginLossBackward0", needs={0: (0,)}, dtype_rule="float",
       pytorch=call("torch.nn.functional.multi_margin_loss", 0, "=target", p="=p", margin="=margin",
                    weight="=weight", reduction="=reduction"))
def multi_margin_loss(x, target=None, p=1, margin=1.0, weight=None, reduction="mean"):
    """PyTorch's CPU kernel: each sample's terms summed in order in the input's dtype, divided by the
    number of classes; 'mean' and 'sum' accumulate the samples in double."""
    x = np.asarray(x)
    h, _, _, _ = _multi_margin_terms(x, target, p, margin, weight)
    dt = h.dtype
    per = np.zeros(h.shape[0], dt)
    for d in range(h.shape[1]):
        per = (per + h[:, d]).astype(dt)
    per = (per / dt.type(h.shape[1])).astype(dt)
    if reduction == "none":
        return per.reshape(np.shape(x)[:-1]) if x.ndim > 1 else per.reshape(())[()]
    total = float(np.sum(per.astype(np.float64))) if per.size else 0.0
    if reduction == "mean":
        total /= per.size
    return np.asarray(total, dtype=dt)[()]


@multi_margin_loss.def_vjp
def _(ctx, g, F):
    x = ctx.input(0, F)
    xs = np.asarray(_raw(x))
    p, pr = ctx.params, ctx.params
    h, z, on, y = _multi_margin_terms(xs, p["target"], p["p"], p["margin"], p.get("weight"))
    n, c = h.shape
    dt = h.dtype
    scale = dt.type(1.0 / (n * c) if pr.get("reduction", "mean") == "mean" else 1.0 / c)
    w = np.ones(n, dt) if pr.get("weight") is None else np.asarray(pr["weight"], dtype=dt)[y]
    # d loss / d x[d] for d != y, and minus their sum at y (PyTorch's backward term by term)
    part = np.where(on, (scale if p["p"] == 1 else 2 * scale * z) * w[:, None], 0).astype(dt)
    part[np.arange(n), y] = -np.sum(part, axis=1)
    local = F.const(part.reshape(xs.shape))
    if pr.get("reduction", "mean") == "none" and xs.ndim > 1:
        return local * F.unsqueeze(g, 1),
    return local * g,


@multi_margin_loss.def_symbolic
def _(S, s, n, target=None, p=1, margin=1.0, weight=None, reduction="mean"):
    x = np.asarray(n[0])
    a = S.obj(s[0])
    rows = a.reshape(1, -1) if a.ndim <= 1 else a
    _, _, on, y = _multi_margin_terms(x, target, p, margin, weight)
    c = rows.shape[1]
    per = []
    for i in range(rows.shape[0]):
        total = S.ZERO
        for d in range(c):
            if on[i, d]:
                zt = S.number(margin) - rows[i, y[i]] + rows[i, d]
                term = zt if p == 1 else zt * zt
                total = total + (term if weight is None else term * S.number(float(np.asarray(weight)[y[i]])))
        per.append(total / S.number(c))
    out = np.empty(len(per), dtype=object)
    out[:] = per
    if reduction == "none":
        return S.obj(out.reshape(x.shape[:-1]) if x.ndim > 1 else out.reshape(()))
    return S.reduce(S.obj(out), reduction)


def _multilabel_targets(target, c):
    """Each sample's target classes: its entries up to the first negative one."""
    rows = np.asarray(target, dtype=np.int64).reshape(-1, c)
    is_target = np.zeros(rows.shape, bool)
    for i, row in enumerate(rows):
        for k in row:
            if k < 0:
                break
            is_target[i, k] = True
    return rows, is_target


@defop("multilabel_margin_loss", "MultilabelMarginLossBackward0", needs={0: (0,)}, dtype_rule="float",
       pytorch=call("torch.nn.functional.multilabel_margin_loss", 0, "=target", reduction="=reduction"))
def multilabel_margin_loss(x, target=None, reduction="mean"):
    """PyTorch's CPU kernel: for each target class j and each non-target class i, ``max(0, 1 - (x[j] - x[i]))``,
    summed in double and divided by the number of classes; 'mean' averages the samples in double."""
    x = np.asarray(x)
    rows = _rows(x)
    dt = rows.dtype
    c = rows.shape[1]
    targets, is_target = _multilabel_targets(target, c)
    per = np.zeros(rows.shape[0], dt)
    for i in range(rows.shape[0]):
        total = 0.0
        for k in targets[i]:
            if k < 0:
                break
            for d in range(c):
                if not is_target[i, d]:
                    z = dt.type(1) - rows[i, k] + rows[i, d]
                    if z > 0:
                        total += float(z)
        per[i] = dt.type(total / c)
    if reduction == "none":
        return per.reshape(np.shape(x)[:-1]) if x.ndim > 1 else per.reshape(())[()]
    total = float(np.sum(per.astype(np.float64)))
    if reduction == "mean":
        total /= per.size
    return np.asarray(total, dtype=dt)[()]


def _multilabel_local(xs, target):
    rows = _rows(xs)
    n, c = rows.shape
    targets, is_target = _multilabel_targets(target, c)
    local = np.zeros(rows.shape, np.float64)
    for i in range(n):
        for k in targets[i]:
            if k < 0:
                break
            for d in range(c):
                if not is_target[i, d] and rows[i, k].astype(np.float64) - rows[i, d] < 1:
                    local[i, k] -= 1
                    local[i, d] += 1
    return local, is_target, targets


@multilabel_margin_loss.def_vjp
def _(ctx, g, F):
    x = ctx.input(0, F)
    xs = np.asarray(_raw(x))
    rows = _rows(xs)
    n, c = rows.shape
    local, _, _ = _multilabel_local(xs, ctx.params["target"])
    scale = 1.0 / (n * c) if ctx.params.get("reduction", "mean") == "mean" else 1.0 / c
    part = F.const((local * scale).astype(rows.dtype).reshape(xs.shape))
    if ctx.params.get("reduction", "mean") == "none" and xs.ndim > 1:
        return part * F.unsqueeze(g, 1),
    return part * g,


@multilabel_margin_loss.def_symbolic
def _(S, s, n, target=None, reduction="mean"):
    x = np.asarray(n[0])
    a = S.obj(s[0])
    rows = a.reshape(1, -1) if a.ndim <= 1 else a
    xr = _rows(x)
    c = rows.shape[1]
    targets, is_target = _multilabel_targets(target, c)
    per = []
    for i in range(rows.shape[0]):
        total = S.ZERO
        for k in targets[i]:
            if k < 0:
                break
            for d in range(c):
                if not is_target[i, d] and 1 - xr[i, k] + xr[i, d] > 0:
                    total = total + (S.ONE - rows[i, k] + rows[i, d])
        per.append(total / S.number(c))
    out = np.empty(len(per), dtype=object)
    out[:] = per
    if reduction == "none":
        return S.obj(out.reshape(x.shape[:-1]) if x.ndim > 1 else out.reshape(()))
    return S.reduce(S.obj(out), reduction)


# ---------------------------------------------------------------------------
# CTC (issue 12: 《深入浅出PyTorch》 3.6)
# ---------------------------------------------------------------------------

def _ctc_samples(log_probs, targets, input_lengths, target_lengths):
    """Each sample's (log-probabilities (T, C), target labels, input length): ``log_probs`` is (T, N, C),
    ``targets`` padded (N, S) or concatenated (sum of the target lengths)."""
    lp = np.asarray(log_probs)
    tg = np.asarray(targets, dtype=np.int64)
    out, offset = [], 0
    for b in range(lp.shape[1]):
        tl = int(target_lengths[b])
        if tg.ndim == 2:
            labels = tg[b, :tl]
        else:
            labels, offset = tg[offset:offset + tl], offset + tl
        out.append((lp[:, b, :], labels, int(input_lengths[b])))
    return out


def _exp(dt, x):
    """std::exp in the input's dtype: glibc's expf for float32 (core.ops.vecmath), the double rounded once else."""
    if dt == np.float32:
        return glibc_expf(x)
    with np.errstate(over="ignore"):
        return np.exp(np.asarray(x, np.float64)).astype(dt)


def _log(dt, x):
    """std::log in the input's dtype (glibc's logf is within a unit of the last place of this, its double
    rounded once)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(np.asarray(x, np.float64)).astype(dt)


def _lse(dt, *terms):
    """PyTorch's CTC log-sum-exp in the input's dtype: the largest term taken out (0 when every term is
    -inf), ``log(sum(exp(term - max))) + max``, as its CPU loop computes it with std::exp and std::log."""
    top = max(terms)
    top = dt.type(0) if top == -np.inf else top
    total = dt.type(0)
    for t in terms:
        total = dt.type(total + _exp(dt, dt.type(t - top))[()])
    return dt.type(_log(dt, total)[()] + top)


def _ctc_alpha(lp, labels, il, blank):
    """The forward variables ``log_alpha`` (il, 2L + 1) over the target with blanks between and around
    (PyTorch's CPU loop, in its order) and the sample's negative log-likelihood."""
    dt = lp.dtype
    L = len(labels)
    prime = [blank if s % 2 == 0 else int(labels[s // 2]) for s in range(2 * L + 1)]
    alpha = np.full((max(il, 1), 2 * L + 1), -np.inf, dt)
    if il == 0:
        return alpha, dt.type(np.inf), prime
    alpha[0, 0] = lp[0, blank]
    if L > 0:
        alpha[0, 1] = lp[0, prime[1]]
    for t in range(1, il):
        for s in range(2 * L + 1):
            la1 = alpha[t - 1, s]
            la2 = alpha[t - 1, s - 1] if s > 0 else dt.type(-np.inf)
            la3 = alpha[t - 1, s - 2] if s > 1 and prime[s - 2] != prime[s] else dt.type(-np.inf)
            alpha[t, s] = dt.type(_lse(dt, la1, la2, la3) + lp[t, prime[s]])
    if L == 0:
        return alpha, dt.type(-alpha[il - 1, 0]), prime
    return alpha, dt.type(-_lse(dt, alpha[il - 1, 2 * L], alpha[il - 1, 2 * L - 1])), prime


@defop("ctc_loss", "CtcLossBackward0", needs={0: (0,)}, dtype_rule="float",
       backward_note=_T("CtcLossBackward0 is not the derivative of ctc_loss with respect to its log_probs: PyTorch's "
                        "CTC gradient assumes log_probs = log_softmax(x) and adds exp(log_probs), which log_softmax's "
                        "backward takes away again. Differentiated at the log-probabilities themselves, backward "
                        "differs from vᵀJ by exactly that term; through log_softmax the two agree."),
       pytorch=call("torch.nn.functional.ctc_loss", 0, "=targets", "=input_lengths", "=target_lengths",
                    blank="=blank", reduction="=reduction", zero_infinity="=zero_infinity"))
def ctc_loss(log_probs, targets=None, input_lengths=None, target_lengths=None, blank=0, zero_infinity=False,
             reduction="none"):
    """PyTorch's ``_ctc_loss`` on CPU: each sample's negative log-likelihood (N,) from ``log_probs`` (T, N, C),
    computed by its loop over time and the extended target, in the input's dtype (``reduction`` is always
    "none": F.ctc_loss reduces with ops of its own; it is here for the PyTorch call)."""
    lp = np.asarray(log_probs)
    out = np.empty(lp.shape[1], lp.dtype)
    for b, (sample, labels, il) in enumerate(_ctc_samples(lp, targets, input_lengths, target_lengths)):
        out[b] = _ctc_alpha(sample, labels, il, blank)[1]
    return out


@ctc_loss.def_vjp
def _(ctx, g, F):
    """PyTorch's ``_ctc_loss_backward`` on CPU: the backward variables ``log_beta``, for each time and class
    the log-sum of ``alpha + beta`` over the extended target's positions with that class, and
    ``exp(lp) - exp(that + nll - lp)`` times the sample's incoming gradient (0 after its input length;
    a sample of infinite loss gives 0 with ``zero_infinity``)."""
    p = ctx.params
    lp = np.asarray(_raw(ctx.input(0, F)))
    dt = lp.dtype
    blank = p.get("blank", 0)
    local = np.zeros(lp.shape, dt)
    for b, (sample, labels, il) in enumerate(_ctc_samples(lp, p["targets"], p["input_lengths"],
                                                          p["target_lengths"])):
        alpha, nll, prime = _ctc_alpha(sample, labels, il, blank)
        if il == 0 or (p.get("zero_infinity") and nll == np.inf):
            continue
        L = len(labels)
        beta = np.full(alpha.shape, -np.inf, dt)
        acc = np.full(sample.shape, -np.inf, dt)
        beta[il - 1, 2 * L] = sample[il - 1, blank]
        acc[il - 1, blank] = dt.type(alpha[il - 1, 2 * L] + beta[il - 1, 2 * L])
        if L > 0:
            c = prime[2 * L - 1]
            beta[il - 1, 2 * L - 1] = sample[il - 1, c]
            acc[il - 1, c] = dt.type(alpha[il - 1, 2 * L - 1] + beta[il - 1, 2 * L - 1])
        for t in range(il - 2, -1, -1):
            for s in range(2 * L, -1, -1):
                lb1 = beta[t + 1, s]
                lb2 = beta[t + 1, s + 1] if s < 2 * L else dt.type(-np.inf)
                lb3 = beta[t + 1, s + 2] if s < 2 * L - 1 and prime[s + 2] != prime[s] else dt.type(-np.inf)
                beta[t, s] = dt.type(_lse(dt, lb1, lb2, lb3) + sample[t, prime[s]])
                ab = dt.type(alpha[t, s] + beta[t, s])
                c = prime[s]
                acc[t, c] = ab if acc[t, c] == -np.inf else _lse(dt, acc[t, c], ab)
        with np.errstate(invalid="ignore", over="ignore"):
            rest = ((acc[:il] + nll).astype(dt) - sample[:il]).astype(dt)
            local[:il, b] = (_exp(dt, sample[:il]) - _exp(dt, rest)).astype(dt)
    gb = F.reshape(g, (1, lp.shape[1], 1))
    return F.const(local) * gb,


@ctc_loss.def_symbolic
def _(S, s, n, targets=None, input_lengths=None, target_lengths=None, blank=0, zero_infinity=False,
      reduction="none"):
    """The same recursion with exact logs and exponentials (a state no path reaches is left out)."""
    x = np.asarray(n[0])
    a = S.obj(s[0])
    per = []
    for b, (_, labels, il) in enumerate(_ctc_samples(x, targets, input_lengths, target_lengths)):
        L = len(labels)
        prime = [blank if k % 2 == 0 else int(labels[k // 2]) for k in range(2 * L + 1)]
        alpha = [None] * (2 * L + 1)
        if il > 0:
            alpha[0] = a[0, b, blank]
            if L > 0:
                alpha[1] = a[0, b, prime[1]]
        for t in range(1, il):
            new = []
            for k in range(2 * L + 1):
                terms = [alpha[k], alpha[k - 1] if k > 0 else None,
                         alpha[k - 2] if k > 1 and prime[k - 2] != prime[k] else None]
                terms = [term for term in terms if term is not None]
                new.append(None if not terms else
                           (terms[0] if len(terms) == 1 else S.log(sum(S.exp(term) for term in terms)))
                           + a[t, b, prime[k]])
            alpha = new
        ends = [e for e in (alpha[2 * L], alpha[2 * L - 1] if L > 0 else None) if e is not None]
        if not ends or il == 0:
            per.append(S.number(0.0 if zero_infinity else float("inf")))
        else:
            per.append(-(ends[0] if len(ends) == 1 else S.log(S.exp(ends[0]) + S.exp(ends[1]))))
    out = np.empty(len(per), dtype=object)
    out[:] = per
    return S.obj(out)
