"""``torch.nn.functional`` ops: activations, addmm (F.linear), layer/batch norm,
embedding, padding (constant, reflect, replicate).

Each forward computes in the input's float dtype, in the order PyTorch's CPU
kernel does where that decides the last bit (``x * 0.5 * (1 + erf(x / sqrt 2))``
for gelu, ``mm + bias`` for addmm, batch statistics in double).  Piecewise-linear
ops give PyTorch's numbers bit for bit; transcendental ones (numpy's exp, tanh,
erf against PyTorch's vectorized functions) a few ulps apart
(tests/core/test_nn_functional.py measures both).  A vjp that needs a function
the ``F`` namespaces lack (tanh, erf, sigmoid) calls :func:`_fn`, which runs the
registered op on a Tensor (``create_graph=True``) and numpy otherwise.
"""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from core import dtypes
from core.ops import gemm, vecmath
from core.ops.linalg import column_major, mat2_gradient
from core.ops.registry import REGISTRY, apply, call, defop
from core.ops.vjp import raw as _raw
from core.tensor.tensor import Tensor

_erf = np.frompyfunc(math.erf, 1, 1)


def _np_erf(a):
    a = np.asarray(a)
    return np.asarray(_erf(a.astype(np.float64)), dtype=np.float64).astype(a.dtype)


_NUMPY = {"tanh": np.tanh, "exp": np.exp, "erf": _np_erf,
          "sigmoid": lambda a: REGISTRY["sigmoid"].forward(np.asarray(a))}


def _fn(name, x):
    """The registered op ``name`` on a Tensor (recorded), its numpy function on an array."""
    if isinstance(x, Tensor):
        return apply(REGISTRY[name], (x,))
    return _NUMPY[name](x)


def _out(x, like):
    return np.asarray(x, dtype=like.dtype)[()]


# ---------------------------------------------------------------------------
# erf (gelu's backward under create_graph needs it as an op)
# ---------------------------------------------------------------------------


@defop("erf", "ErfBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.erf", 0),
       pytorch_inplace=True, function=True, inplace_method=True)
def erf(a):
    return _np_erf(a)[()]


@erf.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    return g * (2 / math.sqrt(math.pi) * F.exp(-(a * a))),


@erf.def_symbolic
def _(S, s, n):
    return S.erf(s[0])


# ---------------------------------------------------------------------------
# addmm: F.linear's product with a bias
# ---------------------------------------------------------------------------


@defop("addmm", "AddmmBackward0", needs={1: (2,), 2: (1,)}, dtype_rule="keep", has_aux=True,
       input_names=("self", "mat1", "mat2"), pytorch=call("torch.addmm", 0, 1, 2, beta="=beta", alpha="=alpha"))
def addmm(bias, m1, m2, beta=1, alpha=1):
    if np.ndim(m1) != 2:
        raise RuntimeError(f"mat1 must be a matrix, got {np.ndim(m1)}-D tensor")
    if np.ndim(m2) != 2:
        raise RuntimeError(f"mat2 must be a matrix, got {np.ndim(m2)}-D tensor")
    if m1.shape[1] != m2.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({m1.shape[0]}x{m1.shape[1]} and "
                           f"{m2.shape[0]}x{m2.shape[1]})")
    shape = (m1.shape[0], m2.shape[1])
    try:
        np.broadcast_to(bias, shape)
    except ValueError:
        sizes = ", ".join(map(str, np.shape(bias)))
        raise RuntimeError(f"The expanded size of the tensor ({shape[1]}) must match the existing size "
                           f"({np.shape(bias)[-1] if np.ndim(bias) else 1}) at non-singleton dimension 1.  "
                           f"Target sizes: [{shape[0]}, {shape[1]}].  Tensor sizes: [{sizes}]") from None
    if m1.dtype != m2.dtype:
        raise RuntimeError(f"mat1 and mat2 must have the same dtype, but got {_scalar(m1.dtype)} and "
                           f"{_scalar(m2.dtype)}")
    if bias.dtype != m1.dtype:
        raise RuntimeError(f"self and mat2 must have the same dtype, but got {_scalar(bias.dtype)} and "
                           f"{_scalar(m2.dtype)}")
    if alpha == 1 and beta == 1:
        return gemm.matmul(m1, m2, bias), column_major(m2)     # the bias is where MKL's sums start (core/ops/gemm.py)
    prod = gemm.matmul(m1, m2) * alpha
    return (prod + (bias if beta == 1 else bias * beta)).astype(m1.dtype), column_major(m2)


def _scalar(np_dtype):
    return dtypes.from_numpy(np_dtype).scalar_name


@addmm.def_vjp
def _(ctx, g, F):
    beta, alpha = ctx.params.get("beta", 1), ctx.params.get("alpha", 1)
    gb = (g if beta == 1 else g * beta) if ctx.wants(0) else None
    ga = g if alpha == 1 else g * alpha
    g1 = F.matmul(ga, F.mT(ctx.input(2, F))) if ctx.wants(1) else None
    g2 = mat2_gradient(F, ga, ctx.input(1, F), ctx.aux()) if ctx.wants(2) else None
    return gb, g1, g2


@addmm.def_symbolic
def _(S, s, n, beta=1, alpha=1):
    prod = S.obj(s[1]) @ S.obj(s[2])
    return S.obj(S.obj(s[0]) * S.number(beta) + prod * S.number(alpha))


# ---------------------------------------------------------------------------
# piecewise-linear activations
# ---------------------------------------------------------------------------


@defop("leaky_relu", "LeakyReluBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.leaky_relu", 0, negative_slope="=negative_slope"))
def leaky_relu(a, negative_slope=0.01):
    return _out(np.where(a > 0, a, a * negative_slope), a)


@leaky_relu.def_vjp
def _(ctx, g, F):
    # NOTE: at 0 the slope is negative_slope (PyTorch's mask is x > 0)
    return F.where(_raw(ctx.input(0, F)) > 0, g, g * ctx.params["negative_slope"]),


@leaky_relu.def_symbolic
def _(S, s, n, negative_slope=0.01):
    return S.pick(np.asarray(n[0]) > 0, s[0], S.obj(s[0]) * S.number(negative_slope))


def _prelu_shape(w_size, ndim):
    """The shape PReLU's weight takes to broadcast along the channel dimension (1)."""
    if w_size == 1 or ndim < 2:
        return (w_size,) if ndim >= 1 else ()
    return (w_size,) + (1,) * (ndim - 2)


@defop("prelu", "PreluKernelBackward0", needs={0: (0, 1), 1: (0,)}, dtype_rule="first",
       input_names=("self", "weight"), pytorch=call("torch.prelu", 0, 1))
def prelu(a, w):
    a = np.asarray(a)
    n = w.size
    channels = a.shape[1] if a.ndim >= 2 else (a.shape[0] if a.ndim == 1 else 1)
    if w.ndim > 1 or (n != 1 and n != channels):
        raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                           f"{n} and channel size = {channels}.")
    wb = np.reshape(w, _prelu_shape(n, a.ndim)).astype(a.dtype)
    return _out(np.where(a > 0, a, wb * a), a)


@prelu.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    ra = np.asarray(_raw(a))
    w_shape = ctx._in_meta[1][0]
    pos = ra > 0
    ga = gw = None
    if ctx.wants(0):
        w = F.reshape(ctx.input(1, F), _prelu_shape(int(np.prod(w_shape)), ra.ndim))
        ga = F.where(pos, g, g * w)
    if ctx.wants(1):
        contrib = F.keep(~pos, a * g)
        if int(np.prod(w_shape)) == 1 or ra.ndim < 2:
            gw = F.reshape(F.sum(contrib), w_shape) if int(np.prod(w_shape)) == 1 else contrib
        else:
            gw = F.reshape(F.sum(contrib, dim=(0,) + tuple(range(2, ra.ndim))), w_shape)
    return ga, gw


@prelu.def_symbolic
def _(S, s, n):
    x = np.asarray(n[0])
    w = S.obj(s[1]).reshape(_prelu_shape(np.size(n[1]), x.ndim))
    return S.pick(x > 0, s[0], S.obj(s[0]) * w)


@defop("hardtanh", "HardtanhBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.hardtanh", 0, min_val="=min_val", max_val="=max_val"))
def hardtanh(a, min_val=-1.0, max_val=1.0):
    return _out(np.minimum(np.maximum(a, min_val), max_val), a)


@hardtanh.def_vjp
def _(ctx, g, F):
    # NOTE: unlike clamp, the boundaries themselves get no gradient (PyTorch's hardtanh_backward)
    a = np.asarray(_raw(ctx.input(0, F)))
    p = ctx.params
    return F.keep((a > p.get("min_val", -1.0)) & (a < p.get("max_val", 1.0)), g),


@hardtanh.def_symbolic
def _(S, s, n, min_val=-1.0, max_val=1.0):
    x = np.asarray(n[0])
    out = S.pick(x <= min_val, S.const(np.full(x.shape, min_val)), s[0])
    out = S.pick(x >= max_val, S.const(np.full(x.shape, max_val)), out)
    return out


@defop("hardsigmoid", "HardsigmoidBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.hardsigmoid", 0))
def hardsigmoid(a):
    return _out(np.minimum(np.maximum(a + 3, 0), 6) / 6, a)


@hardsigmoid.def_vjp
def _(ctx, g, F):
    a = np.asarray(_raw(ctx.input(0, F)))
    return F.keep((a > -3) & (a < 3), g / 6),


@hardsigmoid.def_symbolic
def _(S, s, n):
    x = np.asarray(n[0])
    mid = S.obj((S.obj(s[0]) + 3) / 6)
    out = S.pick(x <= -3, S.const(np.zeros(x.shape)), mid)
    return S.pick(x >= 3, S.const(np.ones(x.shape)), out)


@defop("hardswish", "HardswishBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.hardswish", 0))
def hardswish(a):
    return _out(a * np.minimum(np.maximum(a + 3, 0), 6) / 6, a)


@hardswish.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    ra = np.asarray(_raw(a))
    mid = g * (a / 3 + 0.5)
    # NOTE: PyTorch's hardswish_backward: 0 up to -3 included, the slope up to 3 excluded, 1 from 3 on
    return F.where(ra <= -3, g * 0, F.where(ra < 3, mid, g)),


@hardswish.def_symbolic
def _(S, s, n):
    x = np.asarray(n[0])
    mid = S.obj(S.obj(s[0]) * (S.obj(s[0]) + 3) / 6)
    out = S.pick(x <= -3, S.const(np.zeros(x.shape)), mid)
    return S.pick(x >= 3, s[0], out)


# ---------------------------------------------------------------------------
# smooth activations
# ---------------------------------------------------------------------------

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def _elu_forward(a, alpha, scale, input_scale):
    t = a.dtype.type
    neg = t(alpha) * t(scale)
    with np.errstate(over="ignore"):
        e = np.expm1(a * t(input_scale)) * neg
    return _out(np.where(a <= 0, e, a * t(scale)), a)


def _elu_vjp(ctx, g, F, alpha, scale, input_scale):
    a = ctx.input(0, F)
    ra = np.asarray(_raw(a))
    t = ra.dtype.type
    neg = float(t(alpha) * t(scale)) * float(t(input_scale))
    return F.where(ra <= 0, g * (F.exp(a * float(t(input_scale))) * neg), g * float(t(scale))),


def _elu_symbolic(S, s, n, alpha, scale, input_scale):
    x = S.obj(s[0])
    neg = S.obj((S.exp(x * S.number(input_scale)) - 1) * S.number(alpha) * S.number(scale))
    return S.pick(np.asarray(n[0]) <= 0, neg, x * S.number(scale))


@defop("elu", "EluBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.ops.aten.elu", 0, "=alpha", "=scale", "=input_scale"))
def elu(a, alpha=1.0, scale=1.0, input_scale=1.0):
    return _elu_forward(a, alpha, scale, input_scale)


@elu.def_vjp
def _(ctx, g, F):
    p = ctx.params
    return _elu_vjp(ctx, g, F, p.get("alpha", 1.0), p.get("scale", 1.0), p.get("input_scale", 1.0))


@elu.def_symbolic
def _(S, s, n, alpha=1.0, scale=1.0, input_scale=1.0):
    return _elu_symbolic(S, s, n, alpha, scale, input_scale)


@defop("celu", "CeluBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.celu", 0, alpha="=alpha"))
def celu(a, alpha=1.0):
    return _elu_forward(a, alpha, 1.0, 1.0 / alpha)


@celu.def_vjp
def _(ctx, g, F):
    alpha = ctx.params.get("alpha", 1.0)
    return _elu_vjp(ctx, g, F, alpha, 1.0, 1.0 / alpha)


@celu.def_symbolic
def _(S, s, n, alpha=1.0):
    return _elu_symbolic(S, s, n, alpha, 1.0, 1.0 / alpha)


_SQRT1_2 = 0.70710678118654752440
_GELU_PDF = 0.3989422804014327          # 1 / sqrt(2 pi)
_TANH_BETA = 0.7978845608028654         # sqrt(2 / pi)
_TANH_KAPPA = 0.044715


@defop("gelu", "GeluBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.gelu", 0, approximate="=approximate"))
def gelu(a, approximate="none"):
    t = a.dtype.type
    if approximate == "tanh":
        inner = t(_TANH_BETA) * (a + t(_TANH_KAPPA) * (a * a * a))
        return _out(t(0.5) * a * (1 + np.tanh(inner)), a)
    if approximate != "none":
        raise RuntimeError("approximate argument must be either none or tanh.")
    return _out(a * t(0.5) * (1 + _np_erf(a * t(_SQRT1_2))), a)


@gelu.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    if ctx.params.get("approximate", "none") == "tanh":
        inner = (a + a * a * a * _TANH_KAPPA) * _TANH_BETA
        th = _fn("tanh", inner)
        d_inner = (a * a * (3 * _TANH_KAPPA) + 1) * _TANH_BETA
        return g * ((th + 1) * 0.5 + a * 0.5 * (1 - th * th) * d_inner),
    cdf = (_fn("erf", a * _SQRT1_2) + 1) * 0.5
    pdf = F.exp(a * a * -0.5) * _GELU_PDF
    return g * (cdf + a * pdf),


@gelu.def_symbolic
def _(S, s, n, approximate="none"):
    x = S.obj(s[0])
    if approximate == "tanh":
        inner = S.obj((x + x * x * x * S.number(_TANH_KAPPA)) * S.number(_TANH_BETA))
        return S.obj(x * (S.tanh(inner) + 1) / 2)
    return S.obj(x * (S.erf(x * S.number(_SQRT1_2)) + 1) / 2)


@defop("silu", "SiluBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.silu", 0))
def silu(a):
    with np.errstate(over="ignore"):
        return _out(a / (1 + np.exp(-a)), a)


@silu.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    sig = _fn("sigmoid", a)
    return g * (sig * (a * (1 - sig) + 1)),


@silu.def_symbolic
def _(S, s, n):
    x = S.obj(s[0])
    return S.obj(x / (S.exp(-x) + 1))


@defop("softplus", "SoftplusBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.softplus", 0, beta="=beta", threshold="=threshold"))
def softplus(a, beta=1.0, threshold=20.0):
    t = a.dtype.type
    z = a * t(beta)
    with np.errstate(over="ignore"):
        soft = np.log1p(np.exp(z)) / t(beta)
    # NOTE: above the threshold softplus is the identity (PyTorch's linear branch, exact gradient 1)
    return _out(np.where(z > threshold, a, soft), a)


@softplus.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    p = ctx.params
    beta, threshold = p.get("beta", 1.0), p.get("threshold", 20.0)
    z = np.asarray(_raw(a)) * beta
    return F.where(z > threshold, g, g * _fn("sigmoid", a * beta)),


@softplus.def_symbolic
def _(S, s, n, beta=1.0, threshold=20.0):
    x = S.obj(s[0])
    b = S.number(beta)
    soft = S.obj(S.log(S.exp(x * b) + 1) / b)
    return S.pick(np.asarray(n[0]) * beta > threshold, x, soft)


@defop("logsigmoid", "LogSigmoidBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.logsigmoid", 0))
def logsigmoid(a):
    # NOTE: min(x, 0) - log1p(exp(-|x|)): no overflow for large |x|, as PyTorch computes it
    return _out(np.minimum(a, 0) - np.log1p(np.exp(-np.abs(a))), a)


@logsigmoid.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    # NOTE: exp(-|x|) / (1 + exp(-|x|)) is 1 - sigmoid(|x|) without the cancellation (PyTorch's form)
    ra = np.asarray(_raw(a))
    z = F.exp(-F.abs(a))
    tail = z / (z + 1)
    return g * F.where(ra < 0, 1 - tail, tail),


@logsigmoid.def_symbolic
def _(S, s, n):
    x = S.obj(s[0])
    return S.obj(-S.log(S.exp(-x) + 1))


@defop("mish", "MishBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.nn.functional.mish", 0))
def mish(a):
    with np.errstate(over="ignore"):
        return _out(a * np.tanh(np.log1p(np.exp(a))), a)


@mish.def_vjp
def _(ctx, g, F):
    a = ctx.input(0, F)
    sig = _fn("sigmoid", a)
    ts = _fn("tanh", F.log(F.exp(a) + 1))
    return g * (ts + a * sig * (1 - ts * ts)),


@mish.def_symbolic
def _(S, s, n):
    x = S.obj(s[0])
    return S.obj(x * S.tanh(S.log(S.exp(x) + 1)))


# ---------------------------------------------------------------------------
# normalization
# ---------------------------------------------------------------------------


def _stats64(x, axes):
    """Mean and biased variance over ``axes`` in float64 (PyTorch accumulates in double on the CPU)."""
    x64 = np.asarray(x, dtype=np.float64)
    mean = np.mean(x64, axis=axes, keepdims=True)
    var = np.mean((x64 - mean) ** 2, axis=axes, keepdims=True)
    return mean, var


def _moments(x, axes, eps, F):
    """Mean and 1/std over ``axes`` written with ``F`` (a differentiable backward recomputes them)."""
    n = int(np.prod([np.shape(_raw(x))[d] for d in axes]))
    mean = F.sum(x, dim=axes, keepdim=True) / n
    c = x - mean
    return c, 1 / F.sqrt(F.sum(c * c, dim=axes, keepdim=True) / n + eps)


def _norm_backward(g, xhat, invstd, w, axes, n, F):
    """d/dx of (x - mean) * invstd * w over ``axes`` (n elements each), given g."""
    gw = g if w is None else g * w
    mg = F.sum(gw, dim=axes, keepdim=True) / n
    mgx = F.sum(gw * xhat, dim=axes, keepdim=True) / n
    return (gw - mg - xhat * mgx) * invstd


def _norm_symbolic(S, x, axes, eps, n):
    mean = S.obj(S.sum(x, axes, True) / S.Integer(n))
    c = S.obj(x - mean)
    var = S.obj(S.sum(c * c, axes, True) / S.Integer(n))
    return S.obj(c / S.sqrt(S.obj(var + S.number(eps))))


@defop("layer_norm", "NativeLayerNormBackward0", needs={0: (0, 1), 1: (0,), 2: ()}, dtype_rule="keep",
       input_names=("input", "weight", "bias"),
       pytorch=call("torch.nn.functional.layer_norm", 0, "=normalized_shape", 1, 2, eps="=eps"))
def layer_norm(x, w, b, normalized_shape=(), eps=1e-5):
    axes = tuple(range(x.ndim - len(normalized_shape), x.ndim))
    mean, var = _stats64(x, axes)
    t = x.dtype.type
    rstd = (1 / np.sqrt(var.astype(x.dtype) + t(eps))).astype(x.dtype)
    bias = -rstd * mean.astype(x.dtype)
    # NOTE: PyTorch's kernel: (x * rstd + (-rstd * mean)) * gamma + beta
    y = x * rstd + bias
    if w is not None:
        y = y * w
    if b is not None:
        y = y + b
    return np.asarray(y, dtype=x.dtype)


@layer_norm.def_vjp
def _(ctx, g, F):
    p = ctx.params
    x = ctx.input(0, F)
    nd = len(ctx._in_meta[0][0])
    k = len(p["normalized_shape"])
    axes = tuple(range(nd - k, nd))
    lead = tuple(range(nd - k))
    c, invstd = _moments(x, axes, p.get("eps", 1e-5), F)
    xhat = c * invstd
    w = ctx.input(1, F) if ctx.wants(0) and ctx._in_meta[1] is not None else None
    n = int(np.prod([ctx._in_meta[0][0][d] for d in axes]))
    gx = _norm_backward(g, xhat, invstd, w, axes, n, F) if ctx.wants(0) else None
    gw = F.sum(g * xhat, dim=lead) if ctx.wants(1) and lead else (g * xhat if ctx.wants(1) else None)
    gb = (F.sum(g, dim=lead) if lead else g) if ctx.wants(2) else None
    return gx, gw, gb


@layer_norm.def_symbolic
def _(S, s, n, normalized_shape=(), eps=1e-5):
    x = S.obj(s[0])
    axes = tuple(range(x.ndim - len(normalized_shape), x.ndim))
    # NOTE: counted on the input (a derivation may write the rule out for a smaller shape than the params')
    y = _norm_symbolic(S, x, axes, eps, int(np.prod([x.shape[d] for d in axes])))
    if n[1] is not None:
        y = S.obj(y * S.obj(s[1]))
    if n[2] is not None:
        y = S.obj(y + S.obj(s[2]))
    return y


def _channel_shape(ndim):
    """How a per-channel vector (dim 1) broadcasts against an (N, C, ...) input."""
    return (-1,) + (1,) * (ndim - 2)


def batch_stats(x):
    """A batch's per-channel mean, biased and unbiased variance (float64), as
    training batch_norm computes them (for its running averages too)."""
    axes = (0,) + tuple(range(2, x.ndim))
    mean, var = _stats64(x, axes)
    n = x.size // x.shape[1]
    return mean.reshape(-1), var.reshape(-1), var.reshape(-1) * n / max(n - 1, 1)


def batch_stats32(x):
    """Training batch_norm's per-channel mean and sum of squared deviations (float32) and the count,
    as ATen's CPU kernel computes them for a contiguous float32 input (None otherwise):

    * ``(N, C, ...)`` with more than one element per sample and channel: the sum in double, the mean
      that sum / n rounded to float32, the squares ``(x - mean)**2`` each rounded to float32 and
      summed in double, the sum rounded to float32;
    * ``(N, C)``: the rows summed in float32 one after the other, the mean the float32 quotient, the
      squares accumulated in float32 with fused multiply-adds ``fma(d, d, acc)``.

    Measured element by element against PyTorch 2.13 (tests/core/test_batch_norm_order.py)."""
    if x.dtype != np.float32 or x.ndim < 2 or not x.flags.c_contiguous or x.size == 0:
        return None
    n_batch, channels = x.shape[0], x.shape[1]
    count = x.size // channels
    f32 = np.float32
    if x.ndim == 2 or x.size == n_batch * channels:
        rows = x.reshape(n_batch, channels)
        total = np.add.accumulate(rows, axis=0)[-1]
        mean = total / f32(n_batch)
        acc = np.zeros(channels, f32)
        for row in rows:
            d = row - mean
            acc = vecmath.fma(d, d, acc)
        return mean, acc, count
    per = np.moveaxis(x.reshape(n_batch, channels, -1), 1, 0).reshape(channels, count)   # (c, (n, i))
    total = np.add.accumulate(per.astype(np.float64), axis=1)[:, -1]
    mean = (total / count).astype(f32)
    d = per - mean[:, None]
    squares = (d * d).astype(np.float64)
    return mean, np.add.accumulate(squares, axis=1)[:, -1].astype(f32), count


def batch_norm_running_update32(stats, running_mean, running_var, momentum):
    """The running averages a training batch_norm writes (float32 buffers, ``stats`` from
    :func:`batch_stats32`): ``m*mean + (1-m)*running_mean`` in float32, each product rounded; the
    variance's ``m * (var_sum / (n - 1))`` exact in double plus the rounded ``(1-m)*running_var``."""
    f32 = np.float32
    mean, var_sum, count = stats
    m = f32(momentum)
    keep = f32(1) - m
    new_mean = None if running_mean is None else m * mean + keep * running_mean
    new_var = None
    if running_var is not None:
        unbiased = var_sum / f32(max(count - 1, 1)) if count > 1 else np.full_like(var_sum, np.nan)
        new_var = (np.float64(m) * unbiased.astype(np.float64) + (keep * running_var).astype(np.float64)).astype(f32)
    return new_mean, new_var


@defop("batch_norm", "NativeBatchNormBackward0", needs={0: (0, 1), 1: (0,), 2: ()}, dtype_rule="keep",
       input_names=("input", "weight", "bias"), has_aux=True, aux_saved=True,
       pytorch=call("torch.nn.functional.batch_norm", 0, "=running_mean", "=running_var", 1, 2,
                    training="=training", eps="=eps"))
def batch_norm(x, w, b, running_mean=None, running_var=None, training=True, eps=1e-5):
    t = x.dtype.type
    shape = _channel_shape(x.ndim)
    stats = batch_stats32(x) if training else None
    if stats is not None or (not training and x.dtype == np.float32):
        # NOTE: ATen's float32 kernel: alpha = invstd * w, beta = fma(-mean, alpha, b), y = fma(x, alpha, beta)
        if stats is not None:
            mean, var_sum, count = stats
            var = var_sum / np.float32(count)
            invstd = (1 / np.sqrt(var.astype(np.float64) + eps)).astype(np.float32)
        else:
            mean = np.asarray(running_mean, dtype=np.float32)
            invstd = np.float32(1) / np.sqrt(np.asarray(running_var, dtype=np.float32) + np.float32(eps))
        alpha = invstd if w is None else invstd * w
        beta = vecmath.fma(-mean, alpha, np.zeros_like(alpha) if b is None else b)
        y = vecmath.fma(x, alpha.reshape(shape), beta.reshape(shape))
        return y, (mean, invstd)
    if training:
        mean64, var64, _ = batch_stats(x)
        mean = mean64.astype(x.dtype)
        invstd = (1 / np.sqrt(var64 + eps)).astype(x.dtype)
    else:
        mean = np.asarray(running_mean, dtype=x.dtype)
        invstd = (1 / np.sqrt(np.asarray(running_var, dtype=x.dtype) + t(eps))).astype(x.dtype)
    # NOTE: PyTorch's transform: alpha = invstd * weight, beta = bias - mean * alpha, y = x * alpha + beta
    alpha = invstd if w is None else invstd * w
    beta = -mean * alpha if b is None else b - mean * alpha
    return np.asarray(x * alpha.reshape(shape) + beta.reshape(shape), dtype=x.dtype), (mean, invstd)


@batch_norm.def_vjp
def _(ctx, g, F):
    p = ctx.params
    x = ctx.input(0, F)
    nd = len(ctx._in_meta[0][0])
    axes = (0,) + tuple(range(2, nd))
    shape = _channel_shape(nd)
    eps = p.get("eps", 1e-5)
    if p.get("training", True) and not isinstance(x, Tensor):
        return _batch_norm_backward_numpy(ctx, g, x, axes, shape, F)
    if p.get("training", True):
        c, invstd = _moments(x, axes, eps, F)
    else:
        dt = np.asarray(_raw(x)).dtype
        rm, rv = (np.asarray(p[k], dtype=dt).reshape(shape) for k in ("running_mean", "running_var"))
        c, invstd = x - F.const(rm), F.const(1 / np.sqrt(rv + rv.dtype.type(eps)))
    xhat = c * invstd
    w = F.reshape(ctx.input(1, F), shape) if ctx.wants(0) and ctx._in_meta[1] is not None else None
    gx = None
    if ctx.wants(0):
        if p.get("training", True):
            n = int(np.prod([ctx._in_meta[0][0][d] for d in axes]))
            gx = _norm_backward(g, xhat, invstd, w, axes, n, F)
        else:
            gx = g * invstd if w is None else g * (w * invstd)
    gw = F.sum(g * xhat, dim=axes) if ctx.wants(1) else None
    gb = F.sum(g, dim=axes) if ctx.wants(2) else None
    return gx, gw, gb


def _batch_norm_backward_numpy(ctx, g, x, axes, shape, F):
    """Training batch_norm's backward in PyTorch's arrangement (float32, from the saved mean and
    1/std): dx = (g - mean(g) - (x - mean) * sum((x - mean) g) invstd^2 / n) * invstd * weight."""
    mean, invstd = (a.reshape(shape) for a in ctx.aux())
    n = x.size // x.shape[1]
    exact = _batch_norm_backward32(ctx, g, x, mean, invstd, shape, F)
    if exact is not None:
        return exact
    c = x - mean
    gx = gw = gb = None
    sum_g = np.sum(g, axis=axes, keepdims=True, dtype=np.float64).astype(x.dtype)
    dotp = np.sum(c * g, axis=axes, keepdims=True, dtype=np.float64).astype(x.dtype)
    if ctx.wants(0):
        w = np.asarray(ctx.input(1, F)).reshape(shape) if ctx._in_meta[1] is not None else 1
        k = dotp * invstd * invstd / x.dtype.type(n)
        gx = ((g - sum_g / x.dtype.type(n)) - c * k) * (invstd * w)
    if ctx.wants(1):
        gw = (dotp * invstd).reshape(-1)
    if ctx.wants(2):
        gb = sum_g.reshape(-1)
    return gx, gw, gb


IMAGE_VECTOR = 8     # AVX2's float32 lanes: from this many elements per sample and channel on, ATen's sums
                     # run in vectors whose width depends on the CPU (16 with AVX-512), not modelled


def _batch_norm_backward32(ctx, g, x, mean, invstd, shape, F):
    """Training batch_norm's backward as ATen's float32 CPU kernel computes it (None where not modelled).

    ``(N, C)``: per channel the rows of ``g`` summed in float32 in order (``sum``) and
    ``fma(x - mean, g, dot)`` accumulated (``dot``); ``dx = ((g - sum/N) - (x - mean) * k) * invstd * w``
    with ``k = dot * invstd * invstd / N``, each step rounded.  ``(N, C, L...)`` with ``L`` under
    :data:`IMAGE_VECTOR`: each sample's ``L`` values summed in float32 in order (``g``, and the rounded
    products ``(x - mean) * g``), those sums added in double; ``dx = fma(-(x - mean), k, g - sum/N) *
    invstd * w``, ``sum/N`` in double.  ``grad_weight = dot * invstd``, ``grad_bias = sum``.
    Measured against PyTorch 2.13 (tests/core/test_cpu_kernels_amd.py)."""
    f32 = np.float32
    if x.dtype != f32 or np.asarray(g).dtype != f32 or not x.flags.c_contiguous or x.ndim < 2:
        return None
    n_batch, channels = x.shape[0], x.shape[1]
    image = x.size // max(n_batch * channels, 1)
    if x.size == 0 or (image > 1 and image >= IMAGE_VECTOR):
        return None
    count = n_batch * image
    g = np.broadcast_to(np.asarray(g), x.shape)
    invstd1 = invstd.reshape(-1)
    c = x - mean
    if image == 1:
        rows, grows, crows = n_batch, g.reshape(n_batch, channels), c.reshape(n_batch, channels)
        total = np.add.accumulate(grows, axis=0)[-1]
        dot = np.zeros(channels, f32)
        for row in range(rows):
            dot = vecmath.fma(crows[row], grows[row], dot)
        grad_mean = total / f32(count)
        k = dot * invstd1 * invstd1 / f32(count)
        gx = ((g - grad_mean.reshape(shape)) - c * k.reshape(shape)) * invstd
        gw_value, gb_value = dot * invstd1, total
    else:
        g3, c3 = g.reshape(n_batch, channels, image), c.reshape(n_batch, channels, image)
        row_sum = np.add.accumulate(g3, axis=2)[..., -1]
        row_dot = np.add.accumulate(c3 * g3, axis=2)[..., -1]
        total = np.add.accumulate(row_sum.astype(np.float64), axis=0)[-1]
        dot = np.add.accumulate(row_dot.astype(np.float64), axis=0)[-1]
        grad_mean = (total / count).astype(f32)
        k = dot.astype(f32) * invstd1 * invstd1 / f32(count)
        gx = vecmath.fma(-c, k.reshape(shape), g - grad_mean.reshape(shape)) * invstd
        gw_value, gb_value = (dot * invstd1).astype(f32), total.astype(f32)
    gw = gb = None
    gx = gx if ctx.wants(0) else None
    if gx is not None and ctx._in_meta[1] is not None:
        gx = gx * np.asarray(ctx.input(1, F)).reshape(shape)
    if ctx.wants(1):
        gw = gw_value
    if ctx.wants(2):
        gb = gb_value
    return gx, gw, gb


@batch_norm.def_symbolic
def _(S, s, n, running_mean=None, running_var=None, training=True, eps=1e-5):
    x = S.obj(s[0])
    shape = _channel_shape(x.ndim)
    if training:
        axes = (0,) + tuple(range(2, x.ndim))
        y = _norm_symbolic(S, x, axes, eps, x.size // x.shape[1])
    else:
        rm = S.const(np.asarray(running_mean).reshape(shape))
        rv = S.const(np.asarray(running_var).reshape(shape))
        y = S.obj((x - rm) / S.sqrt(S.obj(rv + S.number(eps))))
    if n[1] is not None:
        y = S.obj(y * S.obj(s[1]).reshape(shape))
    if n[2] is not None:
        y = S.obj(y + S.obj(s[2]).reshape(shape))
    return y


# ---------------------------------------------------------------------------
# embedding, padding
# ---------------------------------------------------------------------------


@defop("embedding", "EmbeddingBackward0", dtype_rule="keep", input_names=("weight",),
       pytorch=call("torch.nn.functional.embedding", "=indices", 0, padding_idx="=padding_idx"))
def embedding(weight, indices=None, padding_idx=None):
    return np.asarray(weight)[indices]


def _kept_rows(indices, padding_idx, like):
    """Where a gradient reaches the weight: every looked-up row but padding_idx's."""
    keep = np.asarray(indices) != padding_idx
    return np.broadcast_to(keep[..., None], np.shape(like))


@embedding.def_vjp
def _(ctx, g, F):
    p = ctx.params
    idx = np.asarray(p["indices"])
    if p.get("padding_idx") is not None:
        g = F.keep(_kept_rows(idx, p["padding_idx"], _raw(g)), g)
    return F.scatter_index(g, ctx._in_meta[0][0], (idx,)),


@embedding.def_symbolic
def _(S, s, n, indices=None, padding_idx=None):
    rows = S.obj(s[0])[np.asarray(indices)]
    if padding_idx is None:
        return rows
    # NOTE: the padding row takes no gradient: it is a constant of the output
    fixed = S.const(np.asarray(n[0])[np.asarray(indices)])
    return S.pick(_kept_rows(indices, padding_idx, fixed), rows, fixed)


def pad_geometry(shape, pad):
    """For ``F.pad(x, pad)``: the output shape, where the input is read from
    (negative pads crop) and where it lands in the output."""
    ndim = len(shape)
    out_shape, src, dst = list(shape), [slice(None)] * ndim, [slice(None)] * ndim
    for i in range(len(pad) // 2):
        d = ndim - 1 - i
        lo, hi = pad[2 * i], pad[2 * i + 1]
        start, stop = max(0, -lo), shape[d] - max(0, -hi)
        out_shape[d] = shape[d] + lo + hi
        src[d] = slice(start, stop)
        dst[d] = slice(max(0, lo), max(0, lo) + max(0, stop - start))
    return tuple(out_shape), tuple(src), tuple(dst)


@defop("constant_pad_nd", "ConstantPadNdBackward0", dtype_rule="keep",
       pytorch=call("torch.nn.functional.pad", 0, "=pad", value="=value"))
def constant_pad_nd(a, pad=(), value=0):
    a = np.asarray(a)
    out_shape, src, dst = pad_geometry(a.shape, pad)
    out = np.full(out_shape, value, dtype=a.dtype)
    out[dst] = a[src]
    return out[()]


@constant_pad_nd.def_vjp
def _(ctx, g, F):
    shape = ctx._in_meta[0][0]
    _, src, dst = pad_geometry(shape, ctx.params["pad"])
    inner = F.index(g, dst)
    if all(s == slice(None) or (s.start == 0 and s.stop == n) for s, n in zip(src, shape)):
        return inner,
    return F.place(inner, shape, src),


@constant_pad_nd.def_symbolic
def _(S, s, n, pad=(), value=0):
    x = S.obj(s[0])
    out_shape, src, dst = pad_geometry(x.shape, pad)
    out = S.const(np.full(out_shape, value, dtype=np.float64))
    out[dst] = x[src]
    return out


def _edge_index(size, lo, hi, mode):
    """Which input position each output position along one dimension reads, for F.pad's
    reflect (mirror without repeating the edge) and replicate (repeat the edge) modes."""
    p = np.arange(-lo, size + hi)
    if mode == "reflect":
        p = np.abs(p)
        p = np.where(p >= size, 2 * (size - 1) - p, p)
        return p
    return np.clip(p, 0, size - 1)


def edge_pad_key(shape, pad, mode):
    """The index of ``F.pad(x, pad, mode)`` into ``x``: open grids over the padded (last) dims."""
    k = len(pad) // 2
    grids = np.ix_(*[_edge_index(shape[len(shape) - 1 - i], pad[2 * i], pad[2 * i + 1], mode)
                     for i in reversed(range(k))])
    return (slice(None),) * (len(shape) - k) + tuple(grids)


def _edge_pad(mode, k, grad_fn):
    def forward(a, pad=(), mode=mode):
        return np.asarray(a)[edge_pad_key(np.shape(a), pad, mode)]
    op = defop(f"{'reflection' if mode == 'reflect' else 'replication'}_pad{k}d", grad_fn, dtype_rule="keep",
               structural=True, pytorch=call("torch.nn.functional.pad", 0, "=pad", mode="=mode"))(forward)

    def vjp(ctx, g, F):
        shape = ctx._in_meta[0][0]
        # NOTE: an input position read several times (the edge, mirrored rows) sums its gradients
        return F.scatter_index(g, shape, edge_pad_key(shape, ctx.params["pad"], mode)),
    op.vjp = vjp
    return op


for _mode, _name in (("reflect", "Reflection"), ("replicate", "Replication")):
    for _k in (1, 2, 3):
        _edge_pad(_mode, _k, f"{_name}Pad{_k}DBackward0")


# ---------------------------------------------------------------------------
# in-place forms whose node PyTorch names apart
# ---------------------------------------------------------------------------

# F.leaky_relu(x, inplace=True) records LeakyReluBackward1 (F.elu/selu: EluBackward1, F.celu: CeluBackward1)
# where the out-of-place call records ...Backward0.  Each is the same op under that node name, left out of
# REGISTRY: the tape, the replay and the derivations find the op by its name, as for the out-of-place call.
INPLACE_NODES = {name: replace(REGISTRY[name], grad_fn=grad_fn) for name, grad_fn in (
    ("leaky_relu", "LeakyReluBackward1"), ("elu", "EluBackward1"), ("celu", "CeluBackward1"))}
