"""Upsampling: ``upsample_nearest{1,2,3}d``, ``_upsample_nearest_exact{1,2,3}d``, ``upsample_linear1d``,
``upsample_bilinear2d`` and ``upsample_trilinear3d``, the ops ``F.interpolate`` calls, and their backward ops.

Each spatial dim of the (N, C, *spatial) input is resampled by a table computed as PyTorch's CPU kernels
compute it (``aten/src/ATen/native/UpSample.h``): for nearest, the source index of each output position
(``floorf(i * scale)``); for linear, two source indices and two weights (``lambda1``, where the position
falls between them, is one fused multiply-add ``scale * (i + 0.5) - 0.5`` in the input's floating type).
The values are rounded as PyTorch's compiled kernels round them (see :func:`_interpolate` and
:func:`_channels_last`: which kernel runs depends on the sizes, as ``_use_vectorized_kernel_cond_2d``
decides).  The backward adds each output's gradient times its weights into the input positions output by
output, corner by corner, each addition a fused multiply-add, as ``cpu_upsample_linear_backward``
accumulates; it is an op of its own (``upsample_bilinear2d_backward``: UpsampleBilinear2DBackwardBackward0
under ``create_graph``, whose backward is the forward again).  The params are those of
``torch._C._nn.upsample_*``: ``output_size`` or ``scale_factors`` (one of them), ``align_corners``.
"""
from __future__ import annotations

import itertools

import numpy as np

from core.ops import vecmath
from core.ops.registry import REGISTRY, apply, call, defop
from core.ops.summation import VECTOR_BYTES
from core.ops.vjp import NumpyF

_ALL = slice(None)


def output_sizes(in_shape, output_size, scale_factors):
    """The output's spatial sizes: ``output_size``, or each input size times its scale factor, truncated
    (``static_cast<int64_t>(input_size * scale)`` in double)."""
    if output_size is not None:
        return tuple(int(n) for n in output_size)
    return tuple(int(n * float(s)) for n, s in zip(in_shape[2:], scale_factors))


def _scale(in_size, out_size, scale, ot):
    """``compute_scales_value``: 1 / the user's scale factor when one is given (the output size then need not
    be the input's times it), else in / out, in the type ``ot``."""
    if scale is not None and scale > 0:
        return ot(1.0 / scale)
    return ot(in_size) / ot(out_size)


def _opmath(dtype):
    return np.float64 if np.dtype(dtype) == np.float64 else np.float32


def _fma(ot):
    """``a * b + c`` rounded once in the type ``ot`` (arrays of one shape)."""
    if ot == np.float32:
        return lambda a, b, c: vecmath.fma(*(np.ascontiguousarray(v, np.float32) for v in (a, b, c)))
    return lambda a, b, c: np.asarray(vecmath.fma64(a, b, c), np.float64)


def _channels_last_kernel(shape, outs):
    """Whether PyTorch runs its channels-last kernel (``_use_vectorized_kernel_cond_2d`` / ``_3d``) for a
    contiguous (N, C, *spatial) input: an input whose spatial sizes are all 1 with more than 3 channels is
    channels-last contiguous too; in 2-d, small outputs (H + W <= 128) take it as well.
    NOTE: PyTorch also takes it for 3 channels when it runs on one thread; the reference runs on two."""
    spatial_ones = all(n == 1 for n in shape[2:]) and shape[1] > 3
    if len(outs) == 2:
        return spatial_ones or outs[0] + outs[1] <= 128
    return len(outs) == 3 and spatial_ones


# ---------------------------------------------------------------------------------------
# the tables
# ---------------------------------------------------------------------------------------

def nearest_source(in_size, out_size, scale, exact=False, ot=np.float32, shortcuts=False):
    """The input index each output position copies: ``floor(scale * i)`` in the type ``ot`` (the generic
    kernel), or ``nearest_idx`` (float32, and its shortcuts for an output of the input's size or twice it:
    the channels-last kernel); ``nearest_exact_idx`` for 'nearest-exact'."""
    i = np.arange(out_size)
    if shortcuts and not exact and out_size == in_size:
        return i
    if shortcuts and not exact and out_size == 2 * in_size:
        return i >> 1
    s = _scale(in_size, out_size, scale, ot)
    if exact:
        # NOTE: (i + 0.5) is a double, times the scale in double, rounded to float for floorf
        src = np.floor(((i + 0.5) * np.float64(s)).astype(np.float32))
    else:
        src = np.floor((i.astype(ot) * s).astype(np.float32) if ot == np.float32 else i.astype(ot) * s)
    return np.minimum(src.astype(np.int64), in_size - 1)


def linear_source(in_size, out_size, align_corners, scale, ot):
    """``compute_source_index_and_lambda`` for each output position: indices i0, i1 and weights l0, l1
    (arrays; the weights of type ``ot``)."""
    i = np.arange(out_size)
    if out_size == in_size:
        return i, i, np.ones(out_size, ot), np.zeros(out_size, ot)
    if align_corners:
        ratio = ot(in_size - 1) / ot(out_size - 1) if out_size > 1 else ot(0)
        real = (ratio * i.astype(ot)).astype(ot)
    else:
        ratio = _scale(in_size, out_size, scale, ot)
        # NOTE: scale * (i + 0.5) - 0.5 is one fused multiply-add in PyTorch's compiled kernel
        real = _fma(ot)(np.full(out_size, ratio, ot), i.astype(ot) + ot(0.5), np.full(out_size, ot(-0.5), ot))
        real = np.where(real < 0, ot(0), real).astype(ot)
    # NOTE: floorf: a double position is rounded to float before its floor (0.9999999999999999 gives 1)
    i0 = np.minimum(np.floor(real.astype(np.float32)).astype(np.int64), in_size - 1)
    l1 = np.minimum(np.maximum(real - i0.astype(ot), ot(0)), ot(1)).astype(ot)
    i1 = i0 + (i0 < in_size - 1)
    return i0, i1, (ot(1) - l1).astype(ot), l1


def _params(output_size, scale_factors, align_corners=None):
    return {"output_size": output_size, "scale_factors": scale_factors, "align_corners": align_corners}


def _linear_tables(shape, params, ot):
    outs = output_sizes(shape, params.get("output_size"), params.get("scale_factors"))
    if len(shape) != len(outs) + 2:
        raise ValueError(f"an input of {len(outs) + 2} dims (N, C, *spatial) expected, got shape {tuple(shape)}")
    scales = params.get("scale_factors") or (None,) * len(outs)
    return outs, [linear_source(n, o, params["align_corners"], s, ot) for n, o, s in zip(shape[2:], outs, scales)]


def _nearest_tables(shape, params, exact, ot, backward=False):
    """The nearest tables of the forward's kernel, or of the backward's (``nearest_idx`` always: where the
    forward's generic kernel rounds differently, PyTorch's backward sends a gradient elsewhere)."""
    outs = output_sizes(shape, params.get("output_size"), params.get("scale_factors"))
    scales = params.get("scale_factors") or (None,) * len(outs)
    fast = backward or _channels_last_kernel(shape, outs)
    if fast:
        ot = np.float32   # nearest_idx computes in float whatever the dtype
    return outs, [nearest_source(n, o, s, exact, ot, fast) for n, o, s in zip(shape[2:], outs, scales)]


def _check(shape, outs):
    ins = shape[2:]
    if any(n <= 0 for n in ins) or any(o <= 0 for o in outs):
        names = ("D", "H", "W")[3 - len(ins):]
        got_in = ", ".join(f"{k}: {n}" for k, n in zip(names, ins))
        got_out = ", ".join(f"{k}: {n}" for k, n in zip(names, outs))
        raise RuntimeError(f"Input and output sizes should be greater than 0, but got input ({got_in}) and "
                           f"output ({got_out})")


# ---------------------------------------------------------------------------------------
# the linear forward
# ---------------------------------------------------------------------------------------

def _interpolate(x, tables, axis, combine):
    """The generic kernel (``Interpolate<n, ..., 2>``): ``x`` interpolated along ``axis`` and the dims after
    it, ``combine(t0, l0, t1, l1)`` of the inner interpolations at i0 and i1 (the innermost dim first)."""
    if not tables:
        return x
    i0, i1, l0, l1 = tables[0]
    t0 = _interpolate(np.take(x, i0, axis=axis), tables[1:], axis + 1, combine)
    t1 = _interpolate(np.take(x, i1, axis=axis), tables[1:], axis + 1, combine)
    shape = [1] * x.ndim
    shape[axis] = -1
    return combine(t0, l0.reshape(shape), t1, l1.reshape(shape))


def _corners(x, tables):
    """Each corner's values and weight (the product of the dims' weights from the first: ``(d * h) * w``),
    the first spatial dim's choice most significant."""
    out = []
    nd = len(tables)
    for corner in itertools.product((0, 1), repeat=nd):
        key = (_ALL, _ALL) + np.ix_(*[t[c] for t, c in zip(tables, corner)])
        w = None
        for k, (t, c) in enumerate(zip(tables, corner)):
            shape = [1] * nd
            shape[k] = -1
            lam = t[2 + c].reshape(shape)
            w = lam if w is None else w * lam
        out.append((x[key], w))
    return out


def _channels_last(x, tables, ot):
    """``cpu_upsample_linear_channels_last``: the corners' weighted values summed in one expression, which
    the compiler fuses differently in its vector loop (channels in whole vectors: ``t0 w0 + (t1 w1 + (...
    + (t_last w_last)))``, each step a fused multiply-add, the last pair fused on its second product) and
    in its scalar loop (the remaining channels: left to right, the first pair fused on its first product)."""
    fma = _fma(ot)
    corners = [(np.broadcast_to(t, np.broadcast_shapes(t.shape, w.shape)), w) for t, w in _corners(x, tables)]
    shape = corners[0][0].shape
    ws = [np.broadcast_to(w.astype(ot), shape) for _, w in corners]
    ts = [t.astype(ot, copy=False) for t, _ in corners]
    (ta, wa), (tb, wb) = (ts[-2], ws[-2]), (ts[-1], ws[-1])
    vector = fma(tb, wb, ta * wa)
    for t, w in zip(ts[-3::-1], ws[-3::-1]):
        vector = fma(t, w, vector)
    scalar = fma(ts[0], ws[0], ts[1] * ws[1])
    for t, w in zip(ts[2:], ws[2:]):
        scalar = fma(t, w, scalar)
    lanes = VECTOR_BYTES // np.dtype(ot).itemsize
    c = x.shape[1]
    whole = c - c % lanes
    return np.concatenate([vector[:, :whole], scalar[:, whole:]], axis=1)


def linear_forward(x, params):
    """The float values PyTorch's CPU kernel gives."""
    ot = _opmath(x.dtype)
    outs, tables = _linear_tables(x.shape, params, ot)
    _check(x.shape, outs)
    if _channels_last_kernel(x.shape, outs):
        out = _channels_last(x, tables, ot)
    else:
        fma = _fma(ot)
        out = _interpolate(x.astype(ot, copy=False), tables, 2,
                           lambda t0, l0, t1, l1: fma(t0, np.broadcast_to(l0, t0.shape), t1 * l1))
    return out.astype(x.dtype, copy=False)


# ---------------------------------------------------------------------------------------
# the linear backward
# ---------------------------------------------------------------------------------------

def _scatter_plan(in_shape, outs, tables):
    """For every output position, corner by corner, the flat input position it reads and its weight,
    in the order PyTorch's backward kernel adds them."""
    grids = [g.ravel() for g in np.meshgrid(*[np.arange(o) for o in outs], indexing="ij")]
    dst, wts = [], []
    for corner in itertools.product((0, 1), repeat=len(outs)):
        dst.append(np.ravel_multi_index([t[c][g] for t, c, g in zip(tables, corner, grids)], in_shape[2:]))
        w = tables[0][2 + corner[0]][grids[0]]
        for t, c, g in zip(tables[1:], corner[1:], grids[1:]):
            w = w * t[2 + c][g]
        wts.append(w)
    src = np.repeat(np.arange(int(np.prod(outs))), len(dst))
    return src, np.stack(dst, axis=1).ravel(), np.stack(wts, axis=1).ravel()


def _rounds(dst):
    """Split the additions into rounds where each input position is written at most once, keeping each
    position's additions in order (its k-th addition in round k)."""
    order = np.argsort(dst, kind="stable")
    sorted_dst = dst[order]
    starts = np.r_[0, np.flatnonzero(np.diff(sorted_dst)) + 1]
    rank = np.empty(len(dst), np.int64)
    rank[order] = np.arange(len(dst)) - np.repeat(starts, np.diff(np.r_[starts, len(dst)]))
    return [np.flatnonzero(rank == k) for k in range(int(rank.max()) + 1 if len(rank) else 0)]


def linear_backward(g, input_size, params):
    """``cpu_upsample_linear_backward``: ``acc[dst] = fma(weight, g[src], acc[dst])`` in PyTorch's order."""
    g = np.asarray(g)
    ot = _opmath(g.dtype)
    outs, tables = _linear_tables(input_size, params, ot)
    src, dst, wts = _scatter_plan(input_size, outs, tables)
    m = int(np.prod(input_size[:2]))
    gd = g.reshape(m, -1).astype(ot, copy=False)
    acc = np.zeros((m, int(np.prod(input_size[2:]))), ot)
    fma = _fma(ot)
    for r in _rounds(dst):
        d = dst[r]
        acc[:, d] = fma(np.broadcast_to(wts[r].astype(ot), (m, len(r))), gd[:, src[r]], acc[:, d])
    return acc.reshape(input_size).astype(g.dtype, copy=False)


def _linear_backward_symbolic(S, g, input_size, params, ot):
    outs, tables = _linear_tables(input_size, params, ot)
    src, dst, wts = _scatter_plan(input_size, outs, tables)
    m = int(np.prod(input_size[:2]))
    terms = S.obj(g).reshape(m, -1)[:, src] * S.const(wts.astype(np.float64))[None, :]
    acc = np.full((m, int(np.prod(input_size[2:]))), S.ZERO, dtype=object)
    np.add.at(acc, (_ALL, dst), terms)
    return acc.reshape(input_size)


# ---------------------------------------------------------------------------------------
# the ops
# ---------------------------------------------------------------------------------------

def _in_numpy(F):
    return F is NumpyF


def _def_linear(name, grad_fn, nd):
    backward_name = name + "_backward"

    def forward(x, output_size=None, align_corners=False, scale_factors=None):
        return linear_forward(np.asarray(x), _params(output_size, scale_factors, align_corners))

    op = defop(name, grad_fn, dtype_rule="keep",
               pytorch=call(f"torch._C._nn.{name}", 0, "=output_size", "=align_corners", "=scale_factors"))(forward)

    def vjp(ctx, g, F):
        input_size = tuple(ctx._in_meta[0][0])
        if _in_numpy(F):
            return linear_backward(g, input_size, ctx.params),
        return apply(REGISTRY[backward_name], (g,), dict(ctx.params, input_size=input_size)),
    op.vjp = vjp

    def symbolic(S, s, n, output_size=None, align_corners=False, scale_factors=None):
        params = _params(output_size, scale_factors, align_corners)
        _, tables = _linear_tables(np.shape(n[0]), params, _opmath(np.asarray(n[0]).dtype))
        return _interpolate(S.obj(s[0]), tables, 2, lambda t0, l0, t1, l1: t0 * S.const(l0.astype(np.float64))
                            + t1 * S.const(l1.astype(np.float64)))
    op.symbolic = symbolic

    def backward_forward(g, input_size=(), output_size=None, align_corners=False, scale_factors=None):
        return linear_backward(g, tuple(input_size), _params(output_size, scale_factors, align_corners))

    back = defop(backward_name, grad_fn.replace("Backward0", "BackwardBackward0"), dtype_rule="keep")(
        backward_forward)

    def backward_vjp(ctx, gg, F):
        p = {k: v for k, v in ctx.params.items() if k != "input_size"}
        if _in_numpy(F):
            return linear_forward(np.asarray(gg), p),
        return apply(op, (gg,), p),
    back.vjp = backward_vjp

    def backward_symbolic(S, s, n, input_size=(), output_size=None, align_corners=False, scale_factors=None):
        return _linear_backward_symbolic(S, s[0], tuple(input_size), _params(output_size, scale_factors,
                                                                                align_corners),
                                         _opmath(np.asarray(n[0]).dtype))
    back.symbolic = backward_symbolic
    return op


def _def_nearest(name, grad_fn, exact):
    backward_name = name + "_backward"

    def gather(x, output_size=None, scale_factors=None):
        x = np.asarray(x)
        outs, tables = _nearest_tables(x.shape, _params(output_size, scale_factors), exact, _opmath(x.dtype))
        _check(x.shape, outs)
        return x[(_ALL, _ALL) + np.ix_(*tables)]

    op = defop(name, grad_fn, dtype_rule="keep", structural=True,
               pytorch=call(f"torch._C._nn.{name}", 0, "=output_size", "=scale_factors"))(gather)

    def scatter(g, input_size=(), output_size=None, scale_factors=None):
        # NOTE: an input position copied to several outputs adds their gradients output by output
        g = np.asarray(g)
        input_size = tuple(input_size)
        outs, tables = _nearest_tables(input_size, _params(output_size, scale_factors), exact, _opmath(g.dtype),
                                       backward=True)
        dst = np.ravel_multi_index(np.meshgrid(*tables, indexing="ij"), input_size[2:]).ravel()
        m = int(np.prod(input_size[:2]))
        acc = np.zeros((m, int(np.prod(input_size[2:]))), dtype=g.dtype)
        np.add.at(acc, (_ALL, dst), g.reshape(m, -1))
        return acc.reshape(input_size)

    back = defop(backward_name, grad_fn.replace("Backward0", "BackwardBackward0"), dtype_rule="keep",
                 structural=True)(scatter)

    def vjp(ctx, g, F):
        input_size = tuple(ctx._in_meta[0][0])
        if _in_numpy(F):
            return scatter(g, input_size, **ctx.params),
        return apply(back, (g,), dict(ctx.params, input_size=input_size)),
    op.vjp = vjp

    def backward_vjp(ctx, gg, F):
        p = {k: v for k, v in ctx.params.items() if k != "input_size"}
        if _in_numpy(F):
            return gather(gg, **p),
        return apply(op, (gg,), p),
    back.vjp = backward_vjp
    return op


for _nd in (1, 2, 3):
    _def_nearest(f"upsample_nearest{_nd}d", f"UpsampleNearest{_nd}DBackward0", exact=False)
    _def_nearest(f"_upsample_nearest_exact{_nd}d", f"UpsampleNearestExact{_nd}DBackward0", exact=True)
_def_linear("upsample_linear1d", "UpsampleLinear1DBackward0", 1)
_def_linear("upsample_bilinear2d", "UpsampleBilinear2DBackward0", 2)
_def_linear("upsample_trilinear3d", "UpsampleTrilinear3DBackward0", 3)
