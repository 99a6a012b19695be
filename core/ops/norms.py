"""``torch.nn.functional`` ops of issue 12's more layers: the bilinear form (``_trilinear``), group
normalization (``native_group_norm``) and the p-norm along one dimension that ``pairwise_distance``
takes (``at::norm``, NormBackward1).

* ``trilinear`` is ``torch._trilinear`` as ``F.bilinear`` calls it on 2-D inputs: ``out[b, k] =
  x1[b] @ W[k] @ x2[b]``.  Its forward and its numpy backward follow ATen's loop over ``k`` (one
  ``bmm`` for ``x1 @ W[k]``, one batched row-by-row ``bmm`` with ``x2``), so float32 rounds as
  PyTorch's as far as :mod:`core.ops.gemm` does (bit for bit on ``Bilinear(20, 30, 40)``).
* ``native_group_norm`` normalizes each sample's groups of channels and applies the per-channel
  affine map as ATen's kernel does (1/sqrt in double, fused multiply-adds for the affine map, bit for bit
  given the statistics).  The statistics are computed in double, as ``layer_norm``'s
  (:mod:`core.ops.activations`): ATen's float32 Welford cascade is not reproduced, so about one value in
  five is an ulp or two away from PyTorch's (tests/core/test_nn_more_layers.py measures it).
* ``add_scalar`` is ATen's ``add(tensor, scalar)`` (AddBackward1) that ``pairwise_distance`` adds eps with.
* ``norm_dim`` is the existing ``norm`` (LinalgVectorNormBackward0) under ATen's other entry,
  whose node PyTorch names NormBackward1; ``p = 0`` and ``-inf`` added.
"""
from __future__ import annotations

import numpy as np

from core.ops import gemm, vecmath
from core.ops.activations import _channel_shape, _moments, _norm_backward, _norm_symbolic, _stats64
from core.ops.reduce import norm as _norm_op, _axes
from core.ops.registry import call, defop
from core.tensor.tensor import Tensor

_F32 = np.float32

# ---------------------------------------------------------------------------
# _trilinear, as F.bilinear calls it
# ---------------------------------------------------------------------------

# torch._trilinear(input1, weight, input2, expand1, expand2, expand3, sumdim): where each operand is
# unsqueezed and which dimensions are summed, for (B, in1), (out, in1, in2), (B, in2) -> (B, out)
BILINEAR = {"expand1": (1, 3), "expand2": (0,), "expand3": (1, 2), "sumdim": (2, 3)}


def _rowwise_dot(a, b):
    """``a[r] . b[r]`` for each row: ATen's bmm of (R, 1, n) by (R, n, 1)."""
    return gemm.bmm(a[:, None, :], b[:, :, None])[:, 0, 0]


@defop("trilinear", "TrilinearBackward0", needs={0: (1, 2), 1: (0, 2), 2: (0, 1)}, dtype_rule="keep",
       input_names=("i1", "i2", "i3"),
       pytorch=call("torch._trilinear", 0, 1, 2, "=expand1", "=expand2", "=expand3", "=sumdim"))
def trilinear(x1, w, x2, expand1=(1, 3), expand2=(0,), expand3=(1, 2), sumdim=(2, 3)):
    x1, w, x2 = np.asarray(x1), np.asarray(w), np.asarray(x2)
    out = np.zeros((x1.shape[0], w.shape[0]), dtype=x1.dtype)
    if x1.size == 0 or w.size == 0 or x2.size == 0:
        return out
    for k in range(w.shape[0]):
        # NOTE: ATen's loop over the output features: x1 @ W[k] (one bmm), then each row's dot with x2,
        # added to the zeros it starts from (so -0 becomes +0)
        inner = gemm.bmm(x1[None], w[k][None])[0]
        out[:, k] += _rowwise_dot(inner, x2)
    return out


def _trilinear_grads_numpy(ctx, g, F):
    """The three gradients as ATen's backward computes them: three more ``_trilinear`` loops over the
    output features (``g[:, k] * W[k]`` then a bmm with x2; ``x1 * g[:, k]`` transposed times x2;
    ``(x1 @ W[k]) * g[:, k]``), each summed over ``k`` in order."""
    (shape1, dtype), (shape_w, _), (shape2, _) = ctx._in_meta
    g = np.asarray(g, dtype=dtype)
    x1 = np.asarray(ctx.input(0, F)) if ctx.wants(1) or ctx.wants(2) else None
    w = np.asarray(ctx.input(1, F)) if ctx.wants(0) or ctx.wants(2) else None
    x2 = np.asarray(ctx.input(2, F)) if ctx.wants(0) or ctx.wants(1) else None
    g1 = np.zeros(shape1, dtype) if ctx.wants(0) else None
    gw = np.zeros(shape_w, dtype) if ctx.wants(1) else None
    g2 = np.zeros(shape2, dtype) if ctx.wants(2) else None
    for k in range(shape_w[0]):
        gk = g[:, k:k + 1]
        if g1 is not None:
            scaled = gk[:, :, None] * w[k][None]                       # (B, in1, in2), each product rounded
            g1 += gemm.bmm(scaled, x2[:, :, None])[:, :, 0]
        if gw is not None:
            gw[k] += gemm.bmm((x1 * gk).T[None], x2[None])[0]
        if g2 is not None:
            g2 += gemm.bmm(x1[None], w[k][None])[0] * gk
    return g1, gw, g2


@trilinear.def_vjp
def _(ctx, g, F):
    if not isinstance(g, Tensor):
        return _trilinear_grads_numpy(ctx, g, F)
    (b, n1), (o, _, n2) = ctx._in_meta[0][0], ctx._in_meta[1][0]
    g1 = gw = g2 = None
    if ctx.wants(0):      # sum_kj g[b,k] W[k,i,j] x2[b,j]
        t = F.reshape(F.matmul(ctx.input(2, F), F.mT(F.reshape(ctx.input(1, F), (o * n1, n2)))), (b, o, n1))
        g1 = F.sum(t * F.reshape(g, (b, o, 1)), dim=1)
    if ctx.wants(1) or ctx.wants(2):
        outer = F.reshape(F.reshape(g, (b, o, 1)) * F.reshape(ctx.input(0, F), (b, 1, n1)), (b, o * n1))
        if ctx.wants(1):  # sum_b g[b,k] x1[b,i] x2[b,j]
            gw = F.reshape(F.matmul(F.mT(outer), ctx.input(2, F)), (o, n1, n2))
        if ctx.wants(2):  # sum_ki g[b,k] x1[b,i] W[k,i,j]
            g2 = F.matmul(outer, F.reshape(ctx.input(1, F), (o * n1, n2)))
    return g1, gw, g2


@trilinear.def_symbolic
def _(S, s, n, expand1=(1, 3), expand2=(0,), expand3=(1, 2), sumdim=(2, 3)):
    x1, w, x2 = S.obj(s[0]), S.obj(s[1]), S.obj(s[2])
    terms = S.obj(x1[:, None, :, None] * w[None]) * x2[:, None, None, :]
    return S.sum(terms, (2, 3))


# ---------------------------------------------------------------------------
# group norm
# ---------------------------------------------------------------------------


def _grouped(shape, groups):
    """(N, G, C/G, rest): an (N, C, ...) shape seen by group."""
    n, c = shape[0], shape[1]
    rest = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return (n, groups, c // groups, rest)


@defop("native_group_norm", "NativeGroupNormBackward0", needs={0: (0, 1), 1: (0,), 2: ()}, dtype_rule="keep",
       input_names=("input", "weight", "bias"),
       pytorch=call("torch.nn.functional.group_norm", 0, "=num_groups", 1, 2, eps="=eps"))
def native_group_norm(x, w, b, num_groups=1, eps=1e-5):
    x = np.asarray(x)
    grouped = _grouped(x.shape, num_groups)
    if x.size == 0:
        return np.array(x, copy=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean64, var64 = _stats64(x.reshape(grouped), (2, 3))
    mean = mean64.astype(x.dtype)
    # NOTE: ATen adds eps in double to the (float) variance and rounds 1 / sqrt(...) once
    rstd = (1 / np.sqrt(var64.astype(x.dtype).astype(np.float64) + eps)).astype(x.dtype)
    xg = x.reshape(grouped)
    if w is None and b is None:
        y = (xg - mean) * rstd                     # ATen's loop without an affine map
        return np.asarray(y, dtype=x.dtype).reshape(x.shape)
    # per channel scale = rstd * gamma, shift = -scale * mean + beta, y = scale * x + shift: ATen's scalar
    # loop, compiled with fused multiply-adds for float32
    scale = np.broadcast_to(rstd, grouped[:3] + (1,))
    if w is not None:
        scale = scale * np.asarray(w, dtype=x.dtype).reshape(1, grouped[1], grouped[2], 1)
    beta = np.zeros((), x.dtype) if b is None else np.asarray(b, dtype=x.dtype).reshape(1, grouped[1], grouped[2], 1)
    if x.dtype == _F32:
        shift = vecmath.fma(-scale, np.broadcast_to(mean, scale.shape), np.broadcast_to(beta, scale.shape).astype(_F32))
        y = vecmath.fma(np.broadcast_to(scale, xg.shape), xg, np.broadcast_to(shift, xg.shape))
    else:
        shift = -scale * mean + beta
        y = scale * xg + shift
    return np.asarray(y, dtype=x.dtype).reshape(x.shape)


@native_group_norm.def_vjp
def _(ctx, g, F):
    p = ctx.params
    shape = ctx._in_meta[0][0]
    grouped = _grouped(shape, p.get("num_groups", 1))
    x = F.reshape(ctx.input(0, F), grouped)
    g4 = F.reshape(g, grouped)
    axes = (2, 3)
    c, invstd = _moments(x, axes, p.get("eps", 1e-5), F)
    xhat = c * invstd
    gx = gw = gb = None
    if ctx.wants(0):
        w = None
        if ctx._in_meta[1] is not None:
            w = F.reshape(ctx.input(1, F), (1, grouped[1], grouped[2], 1))
        gx = F.reshape(_norm_backward(g4, xhat, invstd, w, axes, grouped[2] * grouped[3], F), shape)
    if ctx.wants(1):
        gw = F.reshape(F.sum(g4 * xhat, dim=(0, 3)), (shape[1],))
    if ctx.wants(2):
        gb = F.reshape(F.sum(g4, dim=(0, 3)), (shape[1],))
    return gx, gw, gb


@native_group_norm.def_symbolic
def _(S, s, n, num_groups=1, eps=1e-5):
    x = S.obj(s[0])
    grouped = _grouped(x.shape, num_groups)
    y = _norm_symbolic(S, x.reshape(grouped), (2, 3), eps, grouped[2] * grouped[3]).reshape(x.shape)
    shape = _channel_shape(x.ndim)
    if n[1] is not None:
        y = S.obj(y * S.obj(s[1]).reshape(shape))
    if n[2] is not None:
        y = S.obj(y + S.obj(s[2]).reshape(shape))
    return y


# ---------------------------------------------------------------------------
# at::add(x, scalar): AddBackward1, as ATen's composites (pairwise_distance's ``x1 - x2 + eps``) call it;
# a program's ``x + 1`` wraps the number as a tensor (AddBackward0, core.ops.elementwise)
# ---------------------------------------------------------------------------


@defop("add_scalar", "AddBackward1", dtype_rule="float", pytorch=call("torch.ops.aten.add.Scalar", 0, "=other"))
def add_scalar(a, other=0):
    a = np.asarray(a)
    return (a + a.dtype.type(other))[()]


@add_scalar.def_vjp
def _(ctx, g, F):
    return g,


@add_scalar.def_symbolic
def _(S, s, n, other=0):
    return S.obj(s[0]) + S.number(other)


# ---------------------------------------------------------------------------
# at::norm(x, p, dim, keepdim): NormBackward1
# ---------------------------------------------------------------------------


def _dim_of(a, dim):
    """A 0-d input is reduced whole (dim -1 names it)."""
    return None if np.ndim(a) == 0 else dim


@defop("norm_dim", "NormBackward1", needs={0: (0,)}, saves_result=True, dtype_rule="keep",
       pytorch=call("torch.ops.aten.norm", 0, "=p", "=dim", "=keepdim"))
def norm_dim(a, p=2.0, dim=(-1,), keepdim=False):
    a = np.asarray(a)
    dim = _dim_of(a, dim)
    if p == 0:
        return np.sum(a != 0, axis=_axes(dim, a.ndim), keepdims=keepdim).astype(a.dtype)[()]
    if p == -np.inf:
        return np.min(np.abs(a), axis=_axes(dim, a.ndim), keepdims=keepdim)[()]
    return _norm_op.forward(a, p=p, dim=dim, keepdim=keepdim)


@norm_dim.def_vjp
def _(ctx, g, F):
    dim = _dim_of(np.empty(ctx._in_meta[0][0]), ctx.params["dim"])
    return _norm_op.vjp(_Renamed(ctx, dim), g, F)   # (the count of nonzeros and the extremes too)


class _Renamed:
    """``ctx`` with ``dim`` as the shared norm's vjp reads it."""

    def __init__(self, ctx, dim):
        self._ctx = ctx
        self.params = dict(ctx.params, dim=dim)

    def __getattr__(self, name):
        return getattr(self._ctx, name)


@norm_dim.def_symbolic
def _(S, s, n, p=2.0, dim=(-1,), keepdim=False):
    x = S.obj(s[0])
    dim = _dim_of(x, dim)
    return _norm_op.symbolic(S, s, n, p=p, dim=dim, keepdim=keepdim)
