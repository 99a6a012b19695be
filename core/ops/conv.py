"""Convolution and pooling: ``convolution`` (conv1d/conv2d and, with
transposed=True, conv_transpose1d/2d are views of it, as in PyTorch), ``max_pool2d``, ``avg_pool2d`` and ``adaptive_avg_pool2d``
(the 1-d pools are the 2-d ones on an unsqueezed input, as PyTorch builds them).

Every op gathers its input into windows with one advanced index (im2col):
``windows(xp, ...)[n, c, o1.., k1..] = xp[n, c, o1*s1 + k1*d1, ..]``.  The
forward, the vjp (through ``F.index`` / ``F.scatter_index``, so a
``create_graph`` backward is a graph of registered ops) and the symbolic rule
(the same numpy code on object arrays of expressions) all go through it.
"""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops.registry import call, defop
from core.ops.summation import torch_sum
from core.ops.vjp import raw as _raw

_ALL = slice(None)


def out_length(n, k, stride, pad_lo, pad_hi, dilation, ceil_mode=False):
    """How many windows fit along one dimension (PyTorch's rule, ceil_mode included:
    the last window must start inside the input or its left padding)."""
    span = n + pad_lo + pad_hi - dilation * (k - 1) - 1
    if ceil_mode:
        out = -(-span // stride) + 1
        if (out - 1) * stride >= n + pad_lo:
            out -= 1
        return out
    return span // stride + 1


def window_key(outs, ks, strides, dilations):
    """The advanced index that gathers every window of a padded (N, C, *spatial) array."""
    nd = len(ks)
    key = [_ALL, _ALL]
    for i in range(nd):
        idx = (np.arange(outs[i]) * strides[i])[:, None] + (np.arange(ks[i]) * dilations[i])[None, :]
        shape = [1] * (2 * nd)
        shape[i], shape[nd + i] = outs[i], ks[i]
        key.append(idx.reshape(shape))
    return tuple(key)


def padded(x, pads, value=0):
    """``x`` (N, C, *spatial) with ``pads[i] = (lo, hi)`` cells of ``value`` around each spatial dim."""
    shape = x.shape[:2] + tuple(n + lo + hi for n, (lo, hi) in zip(x.shape[2:], pads))
    out = np.full(shape, value, dtype=x.dtype)
    out[_inner(x.shape, pads)] = x
    return out


def _inner(shape, pads):
    return (_ALL, _ALL) + tuple(slice(lo, lo + n) for n, (lo, _) in zip(shape[2:], pads))


def _padded_shape(shape, pads):
    return tuple(shape[:2]) + tuple(n + lo + hi for n, (lo, hi) in zip(shape[2:], pads))


# ---------------------------------------------------------------------------
# convolution
# ---------------------------------------------------------------------------

def _conv_geometry(xshape, wshape, stride, padding, dilation):
    ks = tuple(wshape[2:])
    pads = tuple((p, p) for p in padding)
    outs = tuple(out_length(n, k, s, p, p, d) for n, k, s, p, d in zip(xshape[2:], ks, stride, padding, dilation))
    return ks, pads, outs


def _as_matrices(cols, w, groups):
    """cols (N, C, *outs, *ks) -> (N, G, L, Cg*K); w (O, Cg, *ks) -> (G, Cg*K, Og)."""
    n, c = cols.shape[:2]
    nd = (cols.ndim - 2) // 2
    L = int(np.prod(cols.shape[2:2 + nd]))
    K = int(np.prod(cols.shape[2 + nd:]))
    cg = c // groups
    a = cols.reshape(n, groups, cg, L, K).transpose(0, 1, 3, 2, 4).reshape(n, groups, L, cg * K)
    o = w.shape[0]
    wm = w.reshape(groups, o // groups, cg * K).transpose(0, 2, 1)
    return a, wm


def conv_forward(x, w, b, stride, padding, dilation, groups):
    """The convolution of ``x`` (N, C, *spatial) with ``w`` (O, C/groups, *k), plus ``b``
    (O or None), on any dtype numpy multiplies (float32, float64, object)."""
    ks, pads, outs = _conv_geometry(x.shape, w.shape, stride, padding, dilation)
    cols = padded(x, pads)[window_key(outs, ks, stride, dilation)]
    if x.dtype == np.float32 and _fma_work(x.shape[0], w.shape, outs) <= FMA_WORK_LIMIT:
        return _conv_float32(x, w, b, cols, groups)
    a, wm = _as_matrices(cols, w, groups)
    out = np.matmul(a, wm)                                     # (N, G, L, Og)
    n = x.shape[0]
    out = out.transpose(0, 1, 3, 2).reshape((n, w.shape[0]) + outs)
    if b is not None:
        out = out + np.asarray(b).reshape((-1,) + (1,) * len(outs))
    return out


# NOTE: PyTorch's float32 order is emulated one fused multiply-add at a time (a numpy pass per
# term); above this many multiply-adds a convolution takes BLAS (same values to float32
# rounding, not bit for bit) so a big network stays usable (MNIST's 32->64 3x3 layer on a
# batch of 64: 680M, ~12 s emulated, ~0.1 s with BLAS).
FMA_WORK_LIMIT = 50_000_000
ONEDNN_BLOCK = 16   # oneDNN sums channels in blocks of 16, each block a chain of its own


def _fma_work(n, wshape, outs):
    return n * int(np.prod(wshape)) * int(np.prod(outs))


def uses_onednn(xshape, wshape, groups):
    """PyTorch's choice of oneDNN for a float32 CPU convolution (else im2col + gemm)."""
    return groups > 1 or (wshape[-1] > 3 and wshape[-2] > 3) or xshape[0] > 1 or int(np.prod(xshape)) > 20480


def _fma_chain(terms, shape):
    """Sum of ``a * b`` over ``terms`` (pairs of broadcastable arrays) in order, each step a
    float32 fused multiply-add (emulated in float64, then rounded)."""
    acc = np.zeros(shape)
    for a, b in terms:
        acc = (acc + np.multiply(a, b, dtype=np.float64)).astype(np.float32).astype(np.float64)
    return acc.astype(np.float32)


def _conv_float32(x, w, b, cols, groups):
    """PyTorch's float32 sums, term by term with fused multiply-adds: over (channel, kernel
    position) with channels outer on its own path (im2col + gemm); with oneDNN (its rule:
    groups > 1, a kernel above 3x3, a batch, or a big input) kernel positions outer and
    channels inner, in blocks of 16 channels whose sums are added at the end.

    NOTE: measured bit-exact against torch 2.13 on CPU (1 to 64 channels, 1x1 to 5x5 kernels,
    strides, dilation); a fused multiply-add is emulated in float64 then rounded, and a
    double rounding could differ, rarely.  Grouped convolutions take the channels-outer order
    (measured for 2 channels a group)."""
    nd = w.ndim - 2
    n, c = x.shape[:2]
    o = w.shape[0]
    cg, og = c // groups, o // groups
    channels_inner = uses_onednn(x.shape, w.shape, groups) and groups == 1
    bias_first = channels_inner and all(k == 1 for k in w.shape[2:]) and b is not None and cg <= ONEDNN_BLOCK
    outs = cols.shape[2:2 + nd]
    positions = list(np.ndindex(*w.shape[2:]))
    bshape = (1, -1) + (1,) * nd
    parts = []
    for gi in range(groups):
        wg = w[gi * og:(gi + 1) * og]

        def term(ci, k, gi=gi, wg=wg):
            return cols[(_ALL, gi * cg + ci, Ellipsis) + k][:, None], wg[(_ALL, ci) + k].reshape(bshape)
        if channels_inner:
            blocks = [range(s, min(cg, s + ONEDNN_BLOCK)) for s in range(0, cg, ONEDNN_BLOCK)]
            first = [(np.float32(1), np.asarray(b, np.float32).reshape(bshape))] if bias_first else []
            sums = [_fma_chain(first * (j == 0) + [term(ci, k) for k in positions for ci in blk], (n, og) + outs)
                    for j, blk in enumerate(blocks)]
            # NOTE: the bias joins the first block's sum, before the other blocks are added
            acc = sums[0] if b is None or bias_first else sums[0] + np.asarray(b, np.float32).reshape(bshape)
            for more in sums[1:]:
                acc = acc + more
        else:
            acc = _fma_chain([term(ci, k) for ci in range(cg) for k in positions], (n, og) + outs)
            if b is not None:
                acc = acc + np.asarray(b, dtype=np.float32)[gi * og:(gi + 1) * og].reshape(bshape)
        parts.append(acc)
    return parts[0] if groups == 1 else np.concatenate(parts, axis=1)


def _check_conv(x, w, b, stride, padding, dilation, groups):
    for other in (w, b):
        if other is not None and np.asarray(other).dtype != x.dtype:
            raise RuntimeError(f"expected scalar type {_scalar_name(x)} but found {_scalar_name(other)}")
    if x.ndim != w.ndim:
        raise RuntimeError(f"Expected {w.ndim}-dimensional input for {w.ndim}-dimensional weight "
                           f"[{', '.join(map(str, w.shape))}], but got {x.ndim}-dimensional input of size "
                           f"[{', '.join(map(str, x.shape))}] instead")
    if w.shape[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, "
                           f"but got weight of size [{', '.join(map(str, w.shape))}] instead")
    if x.shape[1] != w.shape[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size [{', '.join(map(str, w.shape))}], expected "
                           f"input[{', '.join(map(str, x.shape))}] to have {w.shape[1] * groups} channels, but got "
                           f"{x.shape[1]} channels instead")
    if b is not None and np.shape(b) != (w.shape[0],):
        raise RuntimeError(f"Given weight of size [{', '.join(map(str, w.shape))}], expected bias to be "
                           f"1-dimensional with {w.shape[0]} elements, but got bias of size "
                           f"[{', '.join(map(str, np.shape(b)))}] instead")
    padded_in = [n + 2 * p for n, p in zip(x.shape[2:], padding)]
    eff = [d * (k - 1) + 1 for k, d in zip(w.shape[2:], dilation)]
    if any(k > n for k, n in zip(eff, padded_in)):
        raise RuntimeError(f"Calculated padded input size per channel: ({' x '.join(map(str, padded_in))}). "
                           f"Kernel size: ({' x '.join(map(str, eff))}). Kernel size can't be greater than actual "
                           "input size")


def _scalar_name(a):
    return dtypes.from_numpy(np.asarray(a).dtype).scalar_name


@defop("convolution", "ConvolutionBackward0", needs={0: (1,), 1: (0,)}, dtype_rule="keep",
       input_names=("input", "weight", "bias"),
       pytorch=call("torch.convolution", 0, 1, 2, "=stride", "=padding", "=dilation", "=transposed",
                    "=output_padding", "=groups"))
def convolution(x, w, b=None, stride=(1,), padding=(0,), dilation=(1,), transposed=False, output_padding=(0,),
                groups=1):
    x, w = np.asarray(x), np.asarray(w)
    if transposed:
        _check_conv_transpose(x, w, b, groups)
        return conv_transpose_forward(x, w, b, stride, padding, dilation, output_padding, groups).astype(
            x.dtype, copy=False)
    _check_conv(x, w, b, stride, padding, dilation, groups)
    return conv_forward(x, w, b, stride, padding, dilation, groups).astype(x.dtype, copy=False)


@convolution.def_vjp
def _(ctx, g, F):
    p = ctx.params
    if p.get("transposed"):
        return _transposed_vjp(ctx, g, F)
    stride, padding, dilation, groups = p["stride"], p["padding"], p["dilation"], p["groups"]
    xshape, wshape = ctx._in_meta[0][0], ctx._in_meta[1][0]
    want_bias = len(ctx.next_functions) > 2 and ctx.wants(2)
    exact = {}
    if isinstance(g, np.ndarray) and g.dtype == np.float32 and groups == 1:
        # a plain float32 backward: PyTorch's own sums where they are known (see _float32_grads)
        exact = _float32_grads(g, ctx.input(1, F) if ctx.wants(0) else None, xshape, stride, padding, dilation,
                               ctx.wants(0), want_bias)
    ks, pads, outs = _conv_geometry(xshape, wshape, stride, padding, dilation)
    n, c, o = xshape[0], xshape[1], wshape[0]
    G, cg, og = groups, c // groups, o // groups
    L, K = int(np.prod(outs)), int(np.prod(ks))
    key = window_key(outs, ks, stride, dilation)
    gm = F.permute(F.reshape(g, (n, G, og, L)), (0, 1, 3, 2))                      # (N, G, L, Og)
    gx, gb = exact.get("input"), exact.get("bias")
    gw = None
    if ctx.wants(0) and gx is None:
        w = ctx.input(1, F)
        wm = F.reshape(w, (G, og, cg * K))                                          # (G, Og, Cg*K)
        ga = F.matmul(gm, wm)                                                      # (N, G, L, Cg*K)
        ga = F.permute(F.reshape(ga, (n, G, L, cg, K)), (0, 1, 3, 2, 4))
        gcols = F.reshape(ga, (n, c) + outs + ks)
        gxp = F.scatter_index(gcols, _padded_shape(xshape, pads), key)
        gx = F.index(gxp, _inner(xshape, pads)) if any(lo for lo, _ in pads) else gxp
    if ctx.wants(1):
        x = ctx.input(0, F)
        xp = F.place(x, _padded_shape(xshape, pads), _inner(xshape, pads)) if any(lo for lo, _ in pads) else x
        cols = F.index(xp, key)                                                     # (N, C, *outs, *ks)
        a = F.reshape(F.permute(F.reshape(cols, (n, G, cg, L, K)), (0, 1, 3, 2, 4)), (n, G, L, cg * K))
        gwm = F.sum(F.matmul(F.transpose(a, 2, 3), gm), 0)                          # (G, Cg*K, Og)
        gw = F.reshape(F.permute(gwm, (0, 2, 1)), wshape)
    if want_bias and gb is None:
        gb = F.sum(g, (0,) + tuple(range(2, 2 + len(outs))))
    return gx, gw, gb


@convolution.def_symbolic
def _(S, s, n, stride=(1,), padding=(0,), dilation=(1,), transposed=False, output_padding=(0,), groups=1):
    b = None if len(s) < 3 or s[2] is None else S.obj(s[2])
    if transposed:
        return conv_transpose_forward(S.obj(s[0]), S.obj(s[1]), b, stride, padding, dilation, output_padding, groups)
    return conv_forward(S.obj(s[0]), S.obj(s[1]), b, stride, padding, dilation, groups)


# ---------------------------------------------------------------------------
# transposed convolution (conv_transpose1d/2d: the same op with transposed=True)
# ---------------------------------------------------------------------------

def _transposed_geometry(xshape, wshape, stride, padding, dilation, output_padding):
    """Kernel size, the output before the padding is cropped, and the output: (n - 1) * s - 2p
    + d * (k - 1) + output_padding + 1 along each dim."""
    ks = tuple(wshape[2:])
    full = tuple((n - 1) * s + d * (k - 1) + 1 + op
                 for n, k, s, d, op in zip(xshape[2:], ks, stride, dilation, output_padding))
    return ks, full, tuple(f - 2 * p for f, p in zip(full, padding))


def _check_conv_transpose(x, w, b, groups):
    for other in (w, b):
        if other is not None and np.asarray(other).dtype != x.dtype:
            raise RuntimeError(f"expected scalar type {_scalar_name(x)} but found {_scalar_name(other)}")
    if x.shape[1] != w.shape[0]:
        raise RuntimeError(f"Given transposed=1, weight of size [{', '.join(map(str, w.shape))}], expected "
                           f"input[{', '.join(map(str, x.shape))}] to have {w.shape[0]} channels, but got "
                           f"{x.shape[1]} channels instead")


def conv_transpose_forward(x, w, b, stride, padding, dilation, output_padding, groups):
    """The transposed convolution of ``x`` (N, C, *spatial) with ``w`` (C, O/groups, *k): each input
    cell spreads ``x * w`` over its window of the output (the adjoint of a convolution's gather).

    NOTE: float32 values are equal to PyTorch's to rounding, not bit for bit (its order is not
    reproduced)."""
    n, cin = x.shape[:2]
    ks, full, outs = _transposed_geometry(x.shape, w.shape, stride, padding, dilation, output_padding)
    ins = tuple(x.shape[2:])
    cg, og = cin // groups, w.shape[1]
    L, K = int(np.prod(ins)), int(np.prod(ks))
    xm = x.reshape(n, groups, cg, L)
    wm = w.reshape(groups, cg, og * K)
    cols = np.matmul(np.swapaxes(wm, 1, 2)[None], xm)                       # (N, G, Og*K, L)
    nd = len(ks)
    cols = cols.reshape((n, groups * og) + ks + ins)
    cols = cols.transpose((0, 1) + tuple(range(2 + nd, 2 + 2 * nd)) + tuple(range(2, 2 + nd)))
    out = np.zeros((n, groups * og) + full, dtype=x.dtype)
    np.add.at(out, window_key(ins, ks, stride, dilation), cols)
    out = out[(_ALL, _ALL) + tuple(slice(p, p + o) for p, o in zip(padding, outs))]
    if b is not None:
        out = out + np.asarray(b).reshape((-1,) + (1,) * nd)
    return out


def _transposed_vjp(ctx, g, F):
    p = ctx.params
    stride, padding, dilation, groups = p["stride"], p["padding"], p["dilation"], p["groups"]
    xshape, wshape = ctx._in_meta[0][0], ctx._in_meta[1][0]
    ks, full, outs = _transposed_geometry(xshape, wshape, stride, padding, dilation, p["output_padding"])
    ins = tuple(xshape[2:])
    n, cin = xshape[:2]
    cg, og = cin // groups, wshape[1]
    L, K = int(np.prod(ins)), int(np.prod(ks))
    inner = (_ALL, _ALL) + tuple(slice(q, q + o) for q, o in zip(padding, outs))
    gfull = F.place(g, (n, groups * og) + full, inner) if tuple(full) != tuple(outs) else g
    gcols = F.index(gfull, window_key(ins, ks, stride, dilation))               # (N, O, *ins, *ks)
    gc = F.reshape(F.permute(F.reshape(gcols, (n, groups, og, L, K)), (0, 1, 3, 2, 4)), (n, groups, L, og * K))
    gx = gw = gb = None
    if ctx.wants(0):
        wm = F.reshape(ctx.input(1, F), (groups, cg, og * K))
        gx = F.reshape(F.permute(F.matmul(gc, F.transpose(wm, 1, 2)), (0, 1, 3, 2)), xshape)
    if ctx.wants(1):
        xm = F.reshape(ctx.input(0, F), (n, groups, cg, L))
        gw = F.reshape(F.sum(F.matmul(xm, gc), 0), wshape)
    if len(ctx.next_functions) > 2 and ctx.wants(2):
        gb = F.sum(g, (0,) + tuple(range(2, 2 + len(outs))))
    return gx, gw, gb


def _float32_grads(g, w, xshape, stride, padding, dilation, want_input, want_bias):
    """PyTorch's float32 gradients of the input and the bias, term by term (fused multiply-adds
    emulated in float64), on the paths measured bit-exact against torch 2.13:

    * im2col + gemm: columns = sum over output channels (in order) of w * g, added back into
      the image kernel position by kernel position; the bias gradient is torch.sum(g, (0, 2, 3));
    * oneDNN with stride 1, no dilation: each input cell sums over kernel positions, then output
      channels innermost (in blocks of 16, as its forward); the bias gradient (up to 2 images
      and 16 channels) sums each image's cells in order, then the images.

    Other cases (oneDNN strided or dilated, grouped) keep the generic vjp: equal to float32
    rounding, not bit for bit.  Returns the gradients it computed, by name."""
    nd = len(xshape) - 2
    if nd == 1:  # as 2-d with a height of 1
        xshape, stride, padding, dilation = (xshape[:2] + (1,) + xshape[2:], (1,) + tuple(stride),
                                             (0,) + tuple(padding), (1,) + tuple(dilation))
        g = g[:, :, None]
        w = None if w is None else w[:, :, None]
    wshape = (np.shape(g)[1], xshape[1]) + tuple(np.shape(g)[2:]) if w is None else w.shape
    onednn = uses_onednn(xshape, wshape, 1)
    out = {}
    if onednn and (any(s != 1 for s in stride) or any(d != 1 for d in dilation)):
        return out
    if _fma_work(xshape[0], wshape, np.shape(g)[2:]) > FMA_WORK_LIMIT:
        return out
    if want_bias:
        if onednn and (g.shape[0] > 2 or g.shape[1] > ONEDNN_BLOCK):
            pass  # NOTE: oneDNN's order over more than 2 images or 16 channels is not reproduced
        elif onednn:
            flat = g.reshape(g.shape[0], g.shape[1], -1)
            total = np.zeros(g.shape[1], dtype=np.float32)
            for img in flat:
                acc = np.zeros(g.shape[1], dtype=np.float32)
                for k in range(img.shape[1]):
                    acc = acc + img[:, k]
                total = total + acc
            out["bias"] = total
        else:
            out["bias"] = torch_sum(g, (0, 2, 3))
    if want_input and w is not None:
        gi = _onednn_grad_input(g, w, xshape, padding) if onednn else \
            _im2col_grad_input(g, w, xshape, stride, padding, dilation)
        out["input"] = gi[:, :, 0] if nd == 1 else gi
    return out


def _im2col_grad_input(g, w, xshape, stride, padding, dilation):
    n, c, h, wd = xshape
    o, _, kh, kw = w.shape
    ho, wo = g.shape[2:]
    cols = _fma_chain([(w[oc][None, :, :, :, None, None], g[:, oc][:, None, None, None]) for oc in range(o)],
                      (n, c, kh, kw, ho, wo))
    ph, pw = padding
    img = np.zeros((n, c, h + 2 * ph, wd + 2 * pw), dtype=np.float32)
    sh, sw = stride
    dh, dw = dilation
    for i in range(kh):
        for j in range(kw):
            img[:, :, i * dh:i * dh + sh * (ho - 1) + 1:sh, j * dw:j * dw + sw * (wo - 1) + 1:sw] += cols[:, :, i, j]
    return img[:, :, ph:ph + h, pw:pw + wd]


def _onednn_grad_input(g, w, xshape, padding):
    n, c, h, wd = xshape
    o, _, kh, kw = w.shape
    ho, wo = g.shape[2:]
    ph, pw = padding
    # g placed so that input cell (y, x) reads g[y + ph - i, x + pw - j] at kernel position (i, j)
    big = np.zeros((n, o, h + 2 * kh, wd + 2 * kw), dtype=np.float32)
    big[:, :, kh:kh + ho, kw:kw + wo] = g

    def term(i, j, oc):
        r0, c0 = kh + ph - i, kw + pw - j
        return w[oc, :, i, j][None, :, None, None], big[:, oc, r0:r0 + h, c0:c0 + wd][:, None]
    blocks = [range(s, min(o, s + ONEDNN_BLOCK)) for s in range(0, o, ONEDNN_BLOCK)]
    sums = [_fma_chain([term(i, j, oc) for i in range(kh) for j in range(kw) for oc in blk], (n, c, h, wd))
            for blk in blocks]
    acc = sums[0]
    for more in sums[1:]:
        acc = acc + more
    return acc


# ---------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------

def _pool_geometry(shape, kernel_size, stride, padding, dilation, ceil_mode):
    """Windows of a (N, C, H, W) input: per dim (lo, hi) pads that cover every window, and the output size."""
    outs = tuple(out_length(n, k, s, p, p, d, ceil_mode)
                 for n, k, s, p, d in zip(shape[2:], kernel_size, stride, padding, dilation))
    # ceil_mode windows may run past the right padding: pad far enough for the last one
    pads = tuple((p, max(p, (o - 1) * s + d * (k - 1) + 1 - n - p))
                 for n, k, s, p, d, o in zip(shape[2:], kernel_size, stride, padding, dilation, outs))
    return pads, outs


def _batched(x):
    """Pools take (C, H, W) or (N, C, H, W): the 3-d input is viewed with N = 1."""
    return x if x.ndim == 4 else x[None]


def _pool_check(x, kernel_size, stride, padding, dilation, ceil_mode):
    if x.ndim not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    for k, p, d in zip(kernel_size, padding, dilation):
        if p > k // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={p}, "
                               f"kernel_size={k} and dilation={d}")
    _, outs = _pool_geometry(_batched(x).shape, kernel_size, stride, padding, dilation, ceil_mode)
    if min(outs) < 1:
        c, h, w = x.shape[-3:]
        raise RuntimeError(f"Given input size: ({c}x{h}x{w}). Calculated output size: ({c}x{outs[0]}x{outs[1]}). "
                           "Output size is too small")


def max_pool_forward(x, kernel_size, stride, padding, dilation, ceil_mode):
    """Values and flat (H*W) indices of each window's maximum (the first one on ties)."""
    xb = _batched(x)
    pads, outs = _pool_geometry(xb.shape, kernel_size, stride, padding, dilation, ceil_mode)
    key = window_key(outs, kernel_size, stride, dilation)
    cols = padded(xb, pads, -np.inf)[key]
    nb, c = xb.shape[:2]
    flat = cols.reshape(nb, c, outs[0], outs[1], -1)
    # NOTE: a NaN in a window wins, as in PyTorch (np.argmax takes the first NaN, PyTorch the last)
    arg = np.argmax(flat, axis=-1)
    kh, kw = np.divmod(arg, kernel_size[1])
    h = (np.arange(outs[0]) * stride[0])[:, None] + kh * dilation[0] - padding[0]
    w = (np.arange(outs[1]) * stride[1])[None, :] + kw * dilation[1] - padding[1]
    idx = (h * xb.shape[3] + w).astype(np.int64)
    values = np.take_along_axis(flat, arg[..., None], axis=-1)[..., 0]
    if x.ndim == 3:
        values, idx = values[0], idx[0]
    return values, idx


@defop("max_pool2d", "MaxPool2DWithIndicesBackward0", has_aux=True, aux_saved=True, dtype_rule="keep",
       pytorch=call("torch.nn.functional.max_pool2d", 0, "=kernel_size", "=stride", "=padding", "=dilation",
                    ceil_mode="=ceil_mode"))
def max_pool2d(x, kernel_size=(2, 2), stride=(2, 2), padding=(0, 0), dilation=(1, 1), ceil_mode=False):
    x = np.asarray(x)
    _pool_check(x, kernel_size, stride, padding, dilation, ceil_mode)
    return max_pool_forward(x, kernel_size, stride, padding, dilation, ceil_mode)


def _pick_flat(a, shape, idx):
    """``out[..., i, j] = a[..., idx[..., i, j]]`` with ``a`` of (N, C, H, W) or (C, H, W) ``shape``."""
    lead = shape[:-2]
    flat = a.reshape(lead + (-1,))
    grids = np.meshgrid(*[np.arange(n) for n in lead], indexing="ij")
    key = tuple(gr.reshape(gr.shape + (1, 1)) for gr in grids) + (idx,)
    return flat, key


@max_pool2d.def_vjp
def _(ctx, g, F):
    idx = ctx.aux()
    shape = ctx._in_meta[0][0]
    _, key = _pick_flat(np.empty(shape, dtype=bool), shape, idx)
    gflat = F.scatter_index(g, shape[:-2] + (shape[-2] * shape[-1],), key)
    return F.reshape(gflat, shape),


@max_pool2d.def_symbolic
def _(S, s, n, kernel_size=(2, 2), stride=(2, 2), padding=(0, 0), dilation=(1, 1), ceil_mode=False):
    x = np.asarray(n[0])
    _, idx = max_pool_forward(x, kernel_size, stride, padding, dilation, ceil_mode)
    flat, key = _pick_flat(S.obj(s[0]), x.shape, idx)
    return flat[key]


def avg_divisors(shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """What each window's sum is divided by, (Ho, Wo): PyTorch counts the padding cells
    inside the (un-extended) padded input when count_include_pad, else only input cells."""
    if divisor_override:
        _, outs = _pool_geometry(shape, kernel_size, stride, padding, (1, 1), ceil_mode)
        return np.full(outs, divisor_override, dtype=np.int64)
    _, outs = _pool_geometry(shape, kernel_size, stride, padding, (1, 1), ceil_mode)
    sizes = []
    for n, k, s, p, o in zip(shape[2:], kernel_size, stride, padding, outs):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, n + p)
        if count_include_pad:
            sizes.append(end - start)
        else:
            sizes.append(np.minimum(end, n) - np.maximum(start, 0))
    return sizes[0][:, None] * sizes[1][None, :]


def avg_pool_forward(x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    xb = _batched(x)
    pads, outs = _pool_geometry(xb.shape, kernel_size, stride, padding, (1, 1), ceil_mode)
    cols = padded(xb, pads)[window_key(outs, kernel_size, stride, (1, 1))]
    # NOTE: PyTorch adds a window's cells one by one, row by row, in the input's dtype
    acc = cols[..., 0, 0]
    for i in range(kernel_size[0]):
        for j in range(kernel_size[1]):
            if i or j:
                acc = acc + cols[..., i, j]
    div = avg_divisors(xb.shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    out = acc / (div.astype(x.dtype) if x.dtype != object else div)
    return out[0] if x.ndim == 3 else out


@defop("avg_pool2d", "AvgPool2DBackward0", dtype_rule="keep",
       pytorch=call("torch.nn.functional.avg_pool2d", 0, "=kernel_size", "=stride", "=padding", "=ceil_mode",
                    "=count_include_pad", "=divisor_override"))
def avg_pool2d(x, kernel_size=(2, 2), stride=(2, 2), padding=(0, 0), ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    x = np.asarray(x)
    _pool_check(x, kernel_size, stride, padding, (1, 1), ceil_mode)
    return avg_pool_forward(x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


@avg_pool2d.def_vjp
def _(ctx, g, F):
    p = ctx.params
    k, s, pad = p["kernel_size"], p["stride"], p["padding"]
    shape = ctx._in_meta[0][0]
    bshape = shape if len(shape) == 4 else (1,) + tuple(shape)
    pads, outs = _pool_geometry(bshape, k, s, pad, (1, 1), p.get("ceil_mode", False))
    div = avg_divisors(bshape, k, s, pad, p.get("ceil_mode", False), p.get("count_include_pad", True),
                       p.get("divisor_override"))
    gd = g / F.const(div.astype(np.result_type(_raw(g))))
    gcols = F.expand(F.reshape(gd, bshape[:2] + outs + (1, 1)), bshape[:2] + outs + tuple(k))
    gxp = F.scatter_index(gcols, _padded_shape(bshape, pads), window_key(outs, k, s, (1, 1)))
    gx = F.index(gxp, _inner(bshape, pads))
    return F.reshape(gx, shape),


@avg_pool2d.def_symbolic
def _(S, s, n, kernel_size=(2, 2), stride=(2, 2), padding=(0, 0), ceil_mode=False, count_include_pad=True,
      divisor_override=None):
    return avg_pool_forward(S.obj(s[0]), kernel_size, stride, padding, ceil_mode, count_include_pad,
                            divisor_override)


def adaptive_ranges(n, out):
    """PyTorch's adaptive windows along one dim: [floor(i*n/out), ceil((i+1)*n/out))."""
    return [((i * n) // out, -(-((i + 1) * n) // out)) for i in range(out)]


def adaptive_avg_forward(x, output_size):
    xb = _batched(x)
    rows, cols = adaptive_ranges(xb.shape[2], output_size[0]), adaptive_ranges(xb.shape[3], output_size[1])
    out = np.empty(xb.shape[:2] + tuple(output_size), dtype=xb.dtype)
    for i, (h0, h1) in enumerate(rows):
        for j, (w0, w1) in enumerate(cols):
            acc = xb[:, :, h0, w0]
            for h in range(h0, h1):
                for w in range(w0, w1):
                    if h != h0 or w != w0:
                        acc = acc + xb[:, :, h, w]
            kh, kw = h1 - h0, w1 - w0
            if xb.dtype == object:
                out[:, :, i, j] = acc / (kh * kw)
            else:
                out[:, :, i, j] = acc / xb.dtype.type(kh) / xb.dtype.type(kw)
    return out[0] if x.ndim == 3 else out


@defop("adaptive_avg_pool2d", "AdaptiveAvgPool2DBackward0", dtype_rule="keep",
       pytorch=call("torch.nn.functional.adaptive_avg_pool2d", 0, "=output_size"))
def adaptive_avg_pool2d(x, output_size=(1, 1)):
    x = np.asarray(x)
    return adaptive_avg_forward(x, output_size)


@adaptive_avg_pool2d.def_vjp
def _(ctx, g, F):
    shape = ctx._in_meta[0][0]
    oh, ow = ctx.params["output_size"]
    rows, cols = adaptive_ranges(shape[-2], oh), adaptive_ranges(shape[-1], ow)
    # NOTE: as PyTorch: each output's gradient / kh / kw, added to its window's cells output by output
    kh = np.repeat([h1 - h0 for h0, h1 in rows], ow)
    kw = np.tile([w1 - w0 for w0, w1 in cols], oh)
    src, dst = [], []
    for i, (h0, h1) in enumerate(rows):
        for j, (w0, w1) in enumerate(cols):
            for h in range(h0, h1):
                for w in range(w0, w1):
                    src.append(i * ow + j)
                    dst.append(h * shape[-1] + w)
    dt = np.result_type(_raw(g))
    m = int(np.prod(shape[:-2]))
    gd = F.reshape(g, (m, oh * ow)) / F.const(kh.astype(dt)) / F.const(kw.astype(dt))
    gx = F.scatter_index(F.index(gd, (_ALL, np.array(src))), (m, shape[-2] * shape[-1]), (_ALL, np.array(dst)))
    return F.reshape(gx, shape),


@adaptive_avg_pool2d.def_symbolic
def _(S, s, n, output_size=(1, 1)):
    return adaptive_avg_forward(S.obj(s[0]), output_size)
