"""Shape ops and indexing.

View ops (``view=True``) return numpy views, so the result shares storage
and the version counter with its input, as PyTorch's views do.
"""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops.registry import SPECIAL, call, defop


def _in_shape(ctx):
    return ctx._in_meta[0][0]


def _view_shape(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        rest = int(np.prod([s for s in shape if s != -1])) if len(shape) > 1 else 1
        if rest == 0 and numel == 0:
            raise RuntimeError(f"cannot reshape tensor of 0 elements into shape [{', '.join(str(s) for s in shape)}] "
                               "because the unspecified dimension size -1 can be any value and is ambiguous")
        if rest == 0 or numel % rest:
            raise RuntimeError(f"shape '[{', '.join(str(s) for s in shape)}]' is invalid for input of size {numel}")
        shape[shape.index(-1)] = numel // rest
    if int(np.prod(shape)) != numel:
        raise RuntimeError(f"shape '[{', '.join(str(s) for s in shape)}]' is invalid for input of size {numel}")
    return tuple(shape)


@defop("view", "ViewBackward0", dtype_rule="keep", structural=True, view=True, pytorch=call(".view", 0, "=shape"))
def view(a, shape=()):
    a = np.asarray(a)
    target = _view_shape(shape, a.size)
    if not a.flags.c_contiguous and a.ndim > 1:
        out = a.reshape(target)
        if not np.may_share_memory(out, a):
            raise RuntimeError("view size is not compatible with input tensor's size and stride (at least one "
                               "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
        return out
    return a.reshape(target)


@view.def_vjp
def _(ctx, g, F):
    return F.reshape(g, _in_shape(ctx)),


@defop("reshape_alias", "ReshapeAliasBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".reshape", 0, "=shape"))
def reshape_alias(a, shape=()):
    """``reshape`` of a non-contiguous tensor whose new shape is still a view of it (PyTorch's ``_reshape_alias``)."""
    return view.forward(a, shape=shape)


reshape_alias.vjp = view.vjp


@defop("alias", "AliasBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call("torch.ops.aten.alias", 0))
def alias(a):
    """A view of the whole tensor, sharing its storage and version counter (PyTorch's ``alias``: what the
    legacy constructor ``torch.Tensor(t)`` returns for a tensor ``t``)."""
    return np.asarray(a).view()


@alias.def_vjp
def _(ctx, g, F):
    return g,


@defop("reshape_copy", "UnsafeViewBackward0", dtype_rule="keep", structural=True,
       pytorch=call(".reshape", 0, "=shape"))
def reshape_copy(a, shape=()):
    a = np.asarray(a)
    return np.array(a.reshape(_view_shape(shape, a.size)), copy=True)


@reshape_copy.def_vjp
def _(ctx, g, F):
    return F.reshape(g, _in_shape(ctx)),


@defop("unsafe_view", "UnsafeViewBackward0", dtype_rule="keep", structural=True,
       pytorch=call(".reshape", 0, "=shape"))
def unsafe_view(a, shape=()):
    return np.asarray(a).reshape(shape)


unsafe_view.vjp = reshape_copy.vjp


@defop("transpose", "TransposeBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".transpose", 0, "=dim0", "=dim1"))
def transpose(a, dim0=0, dim1=1):
    return np.swapaxes(np.asarray(a), dim0, dim1)


@transpose.def_vjp
def _(ctx, g, F):
    return F.transpose(g, ctx.params["dim0"], ctx.params["dim1"]),


@defop("transpose_in_place", "TransposeBackward1", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".transpose", 0, "=dim0", "=dim1"))
def transpose_in_place(a, dim0=0, dim1=1):
    """``x.transpose_(d0, d1)`` as PyTorch's RNN and GRU apply it to a batch-first output (its node is
    TransposeBackward1); here a new view, since the tensor is fresh and nobody else holds it."""
    return np.swapaxes(np.asarray(a), dim0, dim1)


transpose_in_place.vjp = transpose.vjp


@defop("rnn_layer", "MkldnnRnnLayerBackward0", dtype_rule="keep", structural=True, pytorch=call(".clone", 0))
def rnn_layer(a):
    """The output sequence of an LSTM layer as PyTorch's CPU LSTM hands it back (oneDNN's
    ``mkldnn_rnn_layer``): the stacked hidden states, under that node's name."""
    return np.array(a, copy=True)


@rnn_layer.def_vjp
def _(ctx, g, F):
    return g,


@defop("t", "TBackward0", dtype_rule="keep", structural=True, view=True, pytorch=call(".t", 0))
def t(a):
    a = np.asarray(a)
    if a.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {a.ndim}D")
    return a.T


@t.def_vjp
def _(ctx, g, F):
    return (F.transpose(g, 0, 1) if len(_in_shape(ctx)) == 2 else g),


@defop("permute", "PermuteBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".permute", 0, "=dims"))
def permute(a, dims=()):
    a = np.asarray(a)
    if len(dims) != a.ndim:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not match the "
                           f"length of the desired ordering of dimensions i.e. input.dim() = {a.ndim} is not equal "
                           f"to len(dims) = {len(dims)}")
    return np.transpose(a, dims)


@permute.def_vjp
def _(ctx, g, F):
    dims = [d % len(ctx.params["dims"]) for d in ctx.params["dims"]]
    return F.permute(g, tuple(int(i) for i in np.argsort(dims))),


@defop("flip", "FlipBackward0", dtype_rule="keep", structural=True, pytorch=call("torch.flip", 0, "=dims"))
def flip(a, dims=()):
    """torch.flip: the elements reversed along ``dims`` (checked, and made non-negative, by the caller);
    a new tensor, never a view."""
    a = np.asarray(a)
    return np.array(np.flip(a, axis=tuple(dims)) if a.ndim else a, copy=True)   # a 0-d tensor's dim 0: itself


@flip.def_vjp
def _(ctx, g, F):
    return F.flip(g, tuple(ctx.params["dims"])),


@defop("rot90", "Rot90Backward0", dtype_rule="keep", structural=True, pytorch=call("torch.rot90", 0, "=k", "=dims"))
def rot90(a, k=1, dims=(0, 1)):
    """torch.rot90: a quarter turn k times in the plane of ``dims`` (checked and made non-negative by the
    caller), from the first dim towards the second; a new tensor."""
    return np.array(np.rot90(np.asarray(a), k % 4, axes=tuple(dims)), copy=True)


@rot90.def_vjp
def _(ctx, g, F):
    return F.rot90(g, -ctx.params["k"], tuple(ctx.params["dims"])),


@defop("unsqueeze", "UnsqueezeBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".unsqueeze", 0, "=dim"))
def unsqueeze(a, dim=0):
    a = np.asarray(a)
    out = np.expand_dims(a, dim)
    if out.dtype != object and out.ndim > 1:
        # NOTE: PyTorch gives the new dim the stride size*stride of the dim after it (1 when last);
        # numpy may pick another for a dim of size 1, where no step is ever taken: set PyTorch's
        step = a.strides[dim] * a.shape[dim] if dim < a.ndim else a.itemsize
        if out.strides[dim] != step:
            strides = out.strides[:dim] + (step,) + out.strides[dim + 1:]
            out = np.lib.stride_tricks.as_strided(out, strides=strides, writeable=out.flags.writeable)
    return out


@unsqueeze.def_vjp
def _(ctx, g, F):
    return F.reshape(g, _in_shape(ctx)),


@defop("squeeze", "SqueezeBackward0", dtype_rule="keep", structural=True, view=True, pytorch=call(".squeeze", 0))
def squeeze(a):
    return np.squeeze(np.asarray(a))


@defop("squeeze_dim", "SqueezeBackward1", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".squeeze", 0, "=dim"))
def squeeze_dim(a, dim=0):
    a = np.asarray(a)
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    dims = tuple(d for d in dims if a.ndim and a.shape[d] == 1)
    return np.squeeze(a, axis=dims) if dims else a.view()


squeeze.vjp = squeeze_dim.vjp = unsqueeze.vjp


# The in-place view methods (x.t_(), x.unsqueeze_(d), x.squeeze_(...)) change the tensor's shape and
# strides, not its numbers; PyTorch names their nodes apart from the out-of-place ones (core.torch.
# tensor_methods makes the tensor take the new view).
@defop("t_in_place", "TBackward1", dtype_rule="keep", structural=True, view=True, pytorch=call(".t", 0))
def t_in_place(a):
    return t.forward(a)


@defop("unsqueeze_in_place", "UnsqueezeBackward1", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".unsqueeze", 0, "=dim"))
def unsqueeze_in_place(a, dim=0):
    return unsqueeze.forward(a, dim=dim)


@defop("squeeze_in_place", "SqueezeBackward3", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".squeeze", 0))
def squeeze_in_place(a):
    return squeeze.forward(a)


@defop("squeeze_dim_in_place", "SqueezeBackward4", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".squeeze", 0, "=dim"))
def squeeze_dim_in_place(a, dim=0):
    return squeeze_dim.forward(a, dim=dim)


@defop("squeeze_dims_in_place", "SqueezeBackward5", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".squeeze", 0, "=dims"))
def squeeze_dims_in_place(a, dims=()):
    return squeeze_dim.forward(a, dim=tuple(dims))


t_in_place.vjp = t.vjp
unsqueeze_in_place.vjp = squeeze_in_place.vjp = squeeze_dim_in_place.vjp = squeeze_dims_in_place.vjp = unsqueeze.vjp


@defop("expand", "ExpandBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".expand", 0, "=shape"))
def expand(a, shape=()):
    a = np.asarray(a)
    lead = len(shape) - a.ndim
    if lead < 0:
        raise RuntimeError(f"expand({dtypes.from_numpy(a.dtype).legacy_name}{{[{', '.join(map(str, a.shape))}]}}, "
                           f"size=[{', '.join(map(str, shape))}]): the number of sizes provided ({len(shape)}) must be "
                           f"greater or equal to the number of dimensions in the tensor ({a.ndim})")
    target = tuple(a.shape[i - lead] if (s == -1 and i >= lead) else s for i, s in enumerate(shape))
    for i in range(a.ndim):
        if a.shape[i] != 1 and a.shape[i] != target[i + lead]:
            raise RuntimeError(f"The expanded size of the tensor ({target[i + lead]}) must match the existing size "
                               f"({a.shape[i]}) at non-singleton dimension {i + lead}.  Target sizes: "
                               f"[{', '.join(map(str, shape))}].  Tensor sizes: [{', '.join(map(str, a.shape))}]")
    return np.broadcast_to(a, target)


@expand.def_vjp
def _(ctx, g, F):
    return F.sum_to(g, _in_shape(ctx)),


def _check_index(size, index, dim):
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for dimension {dim} with size {size}")


@defop("select", "SelectBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".select", 0, "=dim", "=index"))
def select(a, dim=0, index=0):
    a = np.asarray(a)
    if a.ndim == 0:
        raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
                         "in C++ to convert a 0-dim tensor to a number")
    _check_index(a.shape[dim], index, dim)
    key = (slice(None),) * (dim % a.ndim) + (index, Ellipsis)
    return a[key]


@select.def_vjp
def _(ctx, g, F):
    p = ctx.params
    shape = _in_shape(ctx)
    key = (slice(None),) * (p["dim"] % len(shape)) + (p["index"], Ellipsis)
    return F.place(g, shape, key),


@defop("slice", "SliceBackward0", dtype_rule="keep", structural=True, view=True, pytorch=SPECIAL)
def slice_(a, dim=0, start=None, stop=None, step=1):
    a = np.asarray(a)
    if step is not None and step <= 0:
        raise ValueError("step must be greater than zero")
    key = (slice(None),) * (dim % a.ndim) + (slice(start, stop, step), Ellipsis)
    return a[key]


@slice_.def_vjp
def _(ctx, g, F):
    p = ctx.params
    shape = _in_shape(ctx)
    key = (slice(None),) * (p["dim"] % len(shape)) + (slice(p["start"], p["stop"], p["step"]), Ellipsis)
    return F.place(g, shape, key),


@defop("index", "IndexBackward0", dtype_rule="keep", structural=True, pytorch=SPECIAL)
def index(a, index=()):
    a = np.asarray(a)
    return a[index]


@index.def_vjp
def _(ctx, g, F):
    return F.scatter_index(g, _in_shape(ctx), ctx.params["index"]),


@defop("index_select", "IndexSelectBackward0", dtype_rule="keep", structural=True,
       pytorch=call("torch.index_select", 0, "=dim", "=index"))
def index_select(a, dim=0, index=()):
    a = np.asarray(a)
    return np.take(a, np.asarray(index), axis=dim) if a.ndim else a.copy()   # a 0-d input stays 0-d


@index_select.def_vjp
def _(ctx, g, F):
    shape = _in_shape(ctx)
    if not shape:
        return g,
    where = (slice(None),) * ctx.params["dim"] + (np.asarray(ctx.params["index"]),)
    return F.scatter_index(g, shape, where),


def gather_where(shape, dim, index):
    """The positions ``gather`` reads: ``index`` along ``dim``, each element's own place elsewhere."""
    grid = list(np.indices(np.shape(index), sparse=True))
    grid[dim] = np.asarray(index)
    return tuple(grid)


@defop("gather", "GatherBackward0", dtype_rule="keep", structural=True,
       pytorch=call("torch.gather", 0, "=dim", "=index"))
def gather(a, dim=0, index=()):
    a = np.asarray(a)
    flat = np.atleast_1d(a)              # a 0-d input or index counts as one element, as in PyTorch
    return flat[gather_where(flat.shape, dim, np.atleast_1d(index))].reshape(np.shape(index))


@gather.def_vjp
def _(ctx, g, F):
    shape = _in_shape(ctx)
    index = ctx.params["index"]
    where = gather_where(shape or (1,), ctx.params["dim"], np.atleast_1d(index))
    return F.reshape(F.scatter_index(F.reshape(g, np.shape(np.atleast_1d(index))), shape or (1,), where), shape),


def _index_copy_key(ndim, dim, index):
    return (slice(None),) * dim + (np.atleast_1d(np.asarray(index)), Ellipsis)


@defop("index_copy", "IndexCopyBackward0", dtype_rule="keep", structural=True, input_names=("self", "source"),
       pytorch=call("torch.index_copy", 0, "=dim", "=index", 1))
def index_copy(a, source, dim=0, index=()):
    """A copy of ``a`` with ``source``'s slices along ``dim`` written at the positions ``index`` lists."""
    out = np.array(a, copy=True)
    key = _index_copy_key(out.ndim, dim, index)
    out[key] = np.reshape(source, np.shape(out[key]))
    return out


@index_copy.def_vjp
def _(ctx, g, F):
    shape = _in_shape(ctx)
    key = _index_copy_key(len(shape), ctx.params["dim"], ctx.params["index"])
    kept = np.ones(shape, dtype=bool)
    kept[key] = False
    return F.keep(kept, g), F.reshape(F.index(g, key), ctx._in_meta[1][0])


def unfold_where(shape, dimension, size, step):
    """The input positions of ``unfold``'s output: window ``w`` along ``dimension`` holds elements
    ``w * step + k`` (``k`` the new last dimension), every other element its own place."""
    windows = (shape[dimension] - size) // step + 1
    out_shape = shape[:dimension] + (windows,) + shape[dimension + 1:] + (size,)
    grid = list(np.indices(out_shape, sparse=True))
    where = grid[:-1]
    where[dimension] = grid[dimension] * step + grid[-1]
    return tuple(where)


@defop("unfold", "UnfoldBackward0", dtype_rule="keep", structural=True, view=True,
       pytorch=call(".unfold", 0, "=dimension", "=size", "=step"))
def unfold(a, dimension=0, size=1, step=1):
    """Every window of ``size`` elements along ``dimension``, ``step`` apart, as a new last
    dimension (a view: the windows share the input's storage)."""
    a = np.asarray(a)
    if a.ndim == 0:
        return a.reshape(1)
    windows = np.lib.stride_tricks.sliding_window_view(a, size, axis=dimension, writeable=a.flags.writeable)
    key = (slice(None),) * dimension + (slice(None, None, step), Ellipsis)
    return windows[key]


@unfold.def_vjp
def _(ctx, g, F):
    # NOTE: overlapping windows (step < size) add their gradients in the shared elements
    shape = _in_shape(ctx)
    if not shape:
        return F.reshape(g, shape),
    p = ctx.params
    return F.scatter_index(g, shape, unfold_where(shape, p["dimension"], p["size"], p["step"])),


@defop("index_backward", "IndexBackwardBackward0", dtype_rule="keep", structural=True)
def index_backward(g, shape=(), index=()):
    out = np.zeros(shape, dtype=np.asarray(g).dtype)
    np.add.at(out, index, g)
    return out


@index_backward.def_vjp
def _(ctx, g, F):
    return F.index(g, ctx.params["index"]),


@defop("index_put", "IndexPutBackward0", dtype_rule="keep", structural=True, pytorch=SPECIAL)
def index_put(a, values, index=(), accumulate=False):
    out = np.array(a, copy=True)
    vals = np.asarray(values).astype(out.dtype)
    if accumulate:
        np.add.at(out, index, vals)
    else:
        out[index] = vals
    return out


@index_put.def_vjp
def _(ctx, g, F):
    idx = ctx.params["index"]
    ga = None
    if ctx.wants(0):
        ga = g if ctx.params.get("accumulate") else F.set_index(g, idx, 0)
    gv = F.index(g, idx) if ctx.wants(1) else None
    return ga, gv


@defop("repeat", "RepeatBackward0", dtype_rule="keep", structural=True, pytorch=call(".repeat", 0, "=repeats"))
def repeat(a, repeats=()):
    a = np.asarray(a)
    if len(repeats) < a.ndim:
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor")
    return np.tile(a, repeats)


@repeat.def_vjp
def _(ctx, g, F):
    shape = _in_shape(ctx)
    reps = ctx.params["repeats"]
    lead = len(reps) - len(shape)
    full = (1,) * lead + tuple(shape)
    # view each repeated axis as (copies, size) and sum the copies
    split = []
    for r, s in zip(reps, full):
        split += [r, s]
    gg = F.reshape(g, tuple(split))
    gg = F.sum(gg, dim=tuple(range(0, 2 * len(full), 2)))
    return F.reshape(gg, tuple(shape)),


@defop("cat", "CatBackward0", dtype_rule="keep", structural=True, pytorch=call("torch.cat", "*", dim="=dim"))
def cat(*arrays, dim=0):
    arrays = [np.asarray(a) for a in arrays]
    nonempty = [a for a in arrays if not (a.ndim == 1 and a.size == 0)]
    if not nonempty:
        return np.concatenate(arrays)
    ref = nonempty[0]
    if ref.ndim == 0:
        raise RuntimeError("zero-dimensional tensor (at position 0) cannot be concatenated")
    d = dim % ref.ndim
    for k, a in enumerate(nonempty):
        if a.ndim != ref.ndim:
            raise RuntimeError(f"Tensors must have same number of dimensions: got {ref.ndim} and {a.ndim}")
        for i in range(ref.ndim):
            if i != d and a.shape[i] != ref.shape[i]:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {d}. Expected size "
                                   f"{ref.shape[i]} but got size {a.shape[i]} for tensor number {k} in the list.")
    dt = np.result_type(*nonempty)
    return np.concatenate([a.astype(dt, copy=False) for a in nonempty], axis=d)


@cat.def_vjp
def _(ctx, g, F):
    metas = ctx._in_meta
    ndim = max(len(m[0]) for m in metas)
    d = ctx.params["dim"] % ndim
    sizes = [m[0][d] if len(m[0]) == ndim else 0 for m in metas]
    parts = F.split_sizes(g, sizes, d)
    return tuple(p if len(m[0]) == ndim else None for p, m in zip(parts, metas))


@defop("stack", "StackBackward0", dtype_rule="keep", structural=True, pytorch=call("torch.stack", "*", dim="=dim"))
def stack(*arrays, dim=0):
    arrays = [np.asarray(a) for a in arrays]
    for k, a in enumerate(arrays):
        if a.shape != arrays[0].shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got [{', '.join(map(str, arrays[0].shape))}] "
                               f"at entry 0 and [{', '.join(map(str, a.shape))}] at entry {k}")
    dt = np.result_type(*arrays)
    return np.stack([a.astype(dt, copy=False) for a in arrays], axis=dim)


@stack.def_vjp
def _(ctx, g, F):
    n = len(ctx._in_meta)
    d = ctx.params["dim"] % (len(ctx._in_meta[0][0]) + 1)
    parts = F.split_sizes(g, [1] * n, d)
    return tuple(F.reshape(p, m[0]) for p, m in zip(parts, ctx._in_meta))


# ---------------------------------------------------------------------------
# unique: the values carry a node whose derivative PyTorch does not implement
# ---------------------------------------------------------------------------

def _unique_first(a, dim):
    """The distinct values (sorted; along ``dim``: the distinct slices) and where each first occurs."""
    a = np.asarray(a)
    if dim is None:
        values, first = np.unique(a.reshape(-1), return_index=True)
        return values, first
    values, first = np.unique(a, return_index=True, axis=dim)
    return values, first


def _no_derivative(name):
    def vjp(ctx, g, F):
        raise NotImplementedError(f"the derivative for '{name}' is not implemented.")
    vjp.no_derivative = name   # read by core.symbolic.derivative: the step inspector says PyTorch has none
    return vjp


@defop("unique", "Unique2Backward0", dtype_rule="keep", pytorch=call("torch.unique", 0))
def unique(a):
    """``torch.unique(x)`` (sorted: PyTorch's CPU kernel sorts even when asked not to).  Its node is
    ``Unique2Backward0``, whose backward PyTorch does not implement."""
    return np.ascontiguousarray(_unique_first(a, None)[0])


@defop("unique_dim", "UniqueDimBackward0", dtype_rule="keep", pytorch=call("torch.unique", 0, dim="=dim"))
def unique_dim(a, dim=0):
    """``torch.unique(x, dim=d)``: the distinct slices along ``d``, sorted (``UniqueDimBackward0``)."""
    return np.ascontiguousarray(_unique_first(a, dim)[0])


unique.def_vjp(_no_derivative("_unique2"))
unique_dim.def_vjp(_no_derivative("unique_dim"))


@unique.def_symbolic
def _(S, s, n):
    # each value is the input element where it first occurs (PyTorch gives this function no derivative)
    return S.obj(s[0]).reshape(-1)[_unique_first(n[0], None)[1]]


@unique_dim.def_symbolic
def _(S, s, n, dim=0):
    return np.take(S.obj(s[0]), _unique_first(n[0], dim)[1], axis=dim)


# ---------------------------------------------------------------------------
# triangles, diagonals, roll, take, masked_select (issue 12: tutorials' tensor chapters)
# ---------------------------------------------------------------------------

def _triangle_mask(shape, diagonal, lower):
    rows, cols = shape[-2], shape[-1]
    mask = np.tril(np.ones((rows, cols), bool), diagonal) if lower else np.triu(np.ones((rows, cols), bool), diagonal)
    return np.broadcast_to(mask, shape)


def _triangle(name, grad_fn, lower):
    def forward(a, diagonal=0):
        a = np.asarray(a)
        if a.ndim < 2:
            raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")
        return np.where(_triangle_mask(a.shape, diagonal, lower), a, np.zeros((), a.dtype)).astype(a.dtype)

    op = defop(name, grad_fn, dtype_rule="keep", pytorch=call("torch." + name, 0, diagonal="=diagonal"))(forward)
    op.vjp = lambda ctx, g, F: (F.keep(_triangle_mask(_in_shape(ctx), ctx.params.get("diagonal", 0), lower), g),)
    op.symbolic = lambda S, s, n, diagonal=0: S.pick(_triangle_mask(np.shape(n[0]), diagonal, lower), S.obj(s[0]),
                                                      S.zeros_like(n[0]))
    return op


tril = _triangle("tril", "TrilBackward0", True)
triu = _triangle("triu", "TriuBackward0", False)


def _diagonal_index(shape, offset, dim1, dim2):
    """For each element of ``diagonal(a, offset, dim1, dim2)`` (the other dims first, then the position along
    the diagonal), its index into ``a``: a tuple of broadcastable arrays."""
    nd = len(shape)
    d1, d2 = dim1 % nd, dim2 % nd
    length = max(0, min(shape[d1] - max(-offset, 0), shape[d2] - max(offset, 0)))
    others = [i for i in range(nd) if i not in (d1, d2)]
    out_shape = tuple(shape[i] for i in others) + (length,)
    grid = np.indices(out_shape, sparse=True) if out_shape else []
    pos = grid[-1] if len(out_shape) else np.arange(0)
    index = [None] * nd
    for k, i in enumerate(others):
        index[i] = grid[k]
    index[d1] = pos + max(-offset, 0)
    index[d2] = pos + max(offset, 0)
    return tuple(index), out_shape


def _diagonal_forward(a, offset=0, dim1=0, dim2=1):
    a = np.asarray(a)
    if a.ndim < 2:
        raise RuntimeError(f"diagonal dimensions requires ndim larger than 1, but got ndim={a.ndim}")
    index, out_shape = _diagonal_index(a.shape, offset, dim1, dim2)
    return np.ascontiguousarray(a[index]).reshape(out_shape)


def _diagonal_vjp(ctx, g, F):
    p = ctx.params
    index, _ = _diagonal_index(_in_shape(ctx), p.get("offset", 0), p.get("dim1", 0), p.get("dim2", 1))
    return F.scatter_index(g, _in_shape(ctx), index),


def _diagonal_symbolic(S, s, n, offset=0, dim1=0, dim2=1):
    index, out_shape = _diagonal_index(np.shape(n[0]), offset, dim1, dim2)
    return S.obj(np.asarray(S.obj(s[0])[index]).reshape(out_shape))


# torch.diagonal (a view in PyTorch; a copy here) and torch.diag of a matrix (PyTorch's diagonal_copy)
diagonal = defop("diagonal", "DiagonalBackward0", dtype_rule="keep",
                 pytorch=call("torch.diagonal", 0, offset="=offset", dim1="=dim1", dim2="=dim2"))(_diagonal_forward)
diagonal.vjp, diagonal.symbolic = _diagonal_vjp, _diagonal_symbolic
diag_copy = defop("diag_copy", "DiagonalBackward0_copy", dtype_rule="keep",
                  pytorch=call("torch.diag", 0, "=offset"))(_diagonal_forward)
diag_copy.vjp, diag_copy.symbolic = _diagonal_vjp, _diagonal_symbolic


@defop("diag_embed", "DiagEmbedBackward0", dtype_rule="keep", pytorch=call("torch.diag", 0, "=offset"))
def diag_embed(a, offset=0):
    """torch.diag of a vector: a square matrix with the vector on diagonal ``offset``."""
    a = np.asarray(a)
    n = a.shape[0] + abs(offset)
    out = np.zeros((n, n), a.dtype)
    index, _ = _diagonal_index((n, n), offset, 0, 1)
    out[index] = a
    return out


@diag_embed.def_vjp
def _(ctx, g, F):
    n = _in_shape(ctx)[0] + abs(ctx.params.get("offset", 0))
    index, _ = _diagonal_index((n, n), ctx.params.get("offset", 0), 0, 1)
    return F.index(g, index),


@diag_embed.def_symbolic
def _(S, s, n, offset=0):
    size = np.shape(n[0])[0] + abs(offset)
    out = S.zeros_like(np.zeros((size, size)))
    index, _ = _diagonal_index((size, size), offset, 0, 1)
    out[index] = S.obj(s[0])
    return S.obj(out)


def _roll_axes(shape, shifts, dims):
    if dims is None:
        return shifts, None
    return shifts, tuple(d % len(shape) for d in dims)


@defop("roll", "RollBackward0", dtype_rule="keep", pytorch=call("torch.roll", 0, "=shifts", "=dims"))
def roll(a, shifts=(0,), dims=None):
    """torch.roll: without dims, the flattened tensor rolled and reshaped."""
    a = np.asarray(a)
    if dims is None:
        return np.roll(a.reshape(-1), shifts[0]).reshape(a.shape)
    return np.roll(a, shifts, axis=dims)


@roll.def_vjp
def _(ctx, g, F):
    shifts, dims = ctx.params["shifts"], ctx.params.get("dims")
    back = tuple(-int(k) for k in shifts)
    if dims is None:
        return F.reshape(F.roll(F.reshape(g, (-1,)), back, (0,)), _in_shape(ctx)),
    return F.roll(g, back, dims),


@roll.def_symbolic
def _(S, s, n, shifts=(0,), dims=None):
    a = S.obj(s[0])
    if dims is None:
        return S.obj(np.roll(a.reshape(-1), shifts[0]).reshape(a.shape))
    return S.obj(np.roll(a, shifts, axis=dims))


@defop("take", "TakeBackward0", dtype_rule="keep", pytorch=call("torch.take", 0, "=index"))
def take(a, index=None):
    a = np.asarray(a)
    idx = np.asarray(index, dtype=np.int64)
    if idx.size and (idx.max() >= a.size or idx.min() < -a.size):
        bad = int(idx[(idx >= a.size) | (idx < -a.size)].reshape(-1)[0])
        raise IndexError(f"out of range: tried to access index {bad} on a tensor of {a.size} elements.")
    return a.reshape(-1)[idx]


@take.def_vjp
def _(ctx, g, F):
    shape = _in_shape(ctx)
    flat = np.asarray(ctx.params["index"], dtype=np.int64) % max(int(np.prod(shape)), 1)
    return F.scatter_index(g, shape, np.unravel_index(flat, shape) if shape else ()),


@take.def_symbolic
def _(S, s, n, index=None):
    return S.obj(S.obj(s[0]).reshape(-1)[np.asarray(index, dtype=np.int64)])


def _masked_places(shape, mask):
    return np.nonzero(np.broadcast_to(np.asarray(mask, bool), tuple(shape)))


@defop("masked_scatter", "MaskedScatterBackward0", dtype_rule="keep", structural=True,
       input_names=("self", "source"), pytorch=call(".masked_scatter", 0, "=mask", 1))
def masked_scatter(a, source, mask=None):
    """A copy of ``a`` with ``source``'s first elements, in order, where ``mask`` (broadcast to ``a``) is True."""
    out = np.array(a, copy=True)
    places = _masked_places(out.shape, mask)
    out[places] = np.asarray(source).reshape(-1)[:len(places[0])]
    return out


@masked_scatter.def_vjp
def _(ctx, g, F):
    shape = _in_shape(ctx)
    places = _masked_places(shape, ctx.params["mask"])
    kept = np.ones(shape, dtype=bool)
    kept[places] = False
    src_shape = ctx._in_meta[1][0]
    count = len(places[0])
    taken = F.scatter_index(F.index(g, places), (int(np.prod(src_shape)),), (np.arange(count),))
    return F.keep(kept, g), F.reshape(taken, src_shape)


@defop("masked_select", "MaskedSelectBackward0", dtype_rule="keep", pytorch=call("torch.masked_select", 0, "=mask"))
def masked_select(a, mask=None):
    a = np.asarray(a)
    shape = np.broadcast_shapes(a.shape, np.shape(mask))
    return np.broadcast_to(a, shape)[np.broadcast_to(np.asarray(mask, bool), shape)].copy()


@masked_select.def_vjp
def _(ctx, g, F):
    shape = _in_shape(ctx)
    mask = np.asarray(ctx.params["mask"], bool)
    full = np.broadcast_shapes(tuple(shape), mask.shape)
    spread = F.scatter_index(g, full, np.nonzero(np.broadcast_to(mask, full)))
    return F.sum_to(spread, tuple(shape)),


@masked_select.def_symbolic
def _(S, s, n, mask=None):
    a = S.obj(s[0])
    shape = np.broadcast_shapes(a.shape, np.shape(mask))
    return S.obj(np.broadcast_to(a, shape)[np.broadcast_to(np.asarray(mask, bool), shape)])


# ---------------------------------------------------------------------------
# scatter, scatter_add, index_fill, index_add (issue 12: one-hot codes and the tensor chapters)
# ---------------------------------------------------------------------------

def _scatter_mask(shape, dim, index):
    mask = np.zeros(shape, bool)
    if np.size(index):
        mask[gather_where(shape, dim, index)] = True
    return mask


def _block(index):
    """The part of ``src`` a scatter reads: the leading corner of the index's shape."""
    return tuple(np.indices(np.shape(index), sparse=True)) if np.ndim(index) else ()


@defop("scatter_value", "ScatterBackward1", dtype_rule="keep",
       pytorch=call("torch.scatter", 0, "=dim", "=index", "=value"))
def scatter_value(a, dim=0, index=(), value=0.0):
    out = np.array(a, copy=True)
    if np.size(index):
        out[gather_where(out.shape, dim, index)] = np.asarray(value).astype(out.dtype)
    return out


@scatter_value.def_vjp
def _(ctx, g, F):
    p = ctx.params
    return F.keep(~_scatter_mask(_in_shape(ctx), p["dim"], p["index"]), g),


@scatter_value.def_symbolic
def _(S, s, n, dim=0, index=(), value=0.0):
    return S.pick(_scatter_mask(np.shape(n[0]), dim, index), S.zeros_like(n[0]) + S.number(value), S.obj(s[0]))


def _scattered_src(ctx, g, F):
    """The gradient of a scatter's ``src``: the output's gradient where each of its elements went."""
    # NOTE: index-shaped, as PyTorch's grad.gather(dim, index): where src is larger than the index, PyTorch's
    # engine refuses that gradient's shape, and so does this one's
    p = ctx.params
    return F.index(g, gather_where(_in_shape(ctx), p["dim"], p["index"]))


@defop("scatter_src", "ScatterBackward0", dtype_rule="keep",
       pytorch=call("torch.scatter", 0, "=dim", "=index", 1))
def scatter_src(a, src, dim=0, index=()):
    out = np.array(a, copy=True)
    if np.size(index):
        out[gather_where(out.shape, dim, index)] = np.asarray(src)[_block(index)]
    return out


@scatter_src.def_vjp
def _(ctx, g, F):
    p = ctx.params
    gi = F.keep(~_scatter_mask(_in_shape(ctx), p["dim"], p["index"]), g) if ctx.wants(0) else None
    return gi, (_scattered_src(ctx, g, F) if ctx.wants(1) else None)


@scatter_src.def_symbolic
def _(S, s, n, dim=0, index=()):
    out = np.array(S.obj(s[0]), copy=True)
    if np.size(index):
        out[gather_where(out.shape, dim, index)] = S.obj(s[1])[_block(index)]
    return S.obj(out)


@defop("scatter_add", "ScatterAddBackward0", dtype_rule="keep",
       pytorch=call("torch.scatter_add", 0, "=dim", "=index", 1))
def scatter_add(a, src, dim=0, index=()):
    out = np.array(a, copy=True)
    if np.size(index):
        # NOTE: the additions in the index's order, as PyTorch's CPU kernel makes them
        np.add.at(out, gather_where(out.shape, dim, index), np.asarray(src)[_block(index)])
    return out


@scatter_add.def_vjp
def _(ctx, g, F):
    return (g if ctx.wants(0) else None), (_scattered_src(ctx, g, F) if ctx.wants(1) else None)


@scatter_add.def_symbolic
def _(S, s, n, dim=0, index=()):
    out = np.array(S.obj(s[0]), copy=True)
    if np.size(index):
        src = S.obj(s[1])[_block(index)]
        for pos, val in zip(zip(*[np.broadcast_to(w, np.shape(index)).reshape(-1)
                                  for w in gather_where(out.shape, dim, index)]), src.reshape(-1)):
            out[pos] = out[pos] + val
    return S.obj(out)


def _along(dim, index):
    return (slice(None),) * dim + (np.asarray(index, dtype=np.int64),)


@defop("index_fill", "IndexFillBackward0", dtype_rule="keep",
       pytorch=call("torch.index_fill", 0, "=dim", "=index", "=value"))
def index_fill(a, dim=0, index=(), value=0.0):
    out = np.array(a, copy=True)
    out[_along(dim, index)] = np.asarray(value).astype(out.dtype)
    return out


@index_fill.def_vjp
def _(ctx, g, F):
    mask = np.zeros(_in_shape(ctx), bool)
    mask[_along(ctx.params["dim"], ctx.params["index"])] = True
    return F.keep(~mask, g),


@index_fill.def_symbolic
def _(S, s, n, dim=0, index=(), value=0.0):
    mask = np.zeros(np.shape(n[0]), bool)
    mask[_along(dim, index)] = True
    return S.pick(mask, S.zeros_like(n[0]) + S.number(value), S.obj(s[0]))


@defop("index_add", "IndexAddBackward0", dtype_rule="keep",
       pytorch=call("torch.index_add", 0, "=dim", "=index", 1, alpha="=alpha"))
def index_add(a, source, dim=0, index=(), alpha=1):
    out = np.array(a, copy=True)
    src = np.asarray(source)
    if alpha != 1:
        src = (src * np.asarray(alpha).astype(out.dtype)).astype(out.dtype)
    # NOTE: the rows added in the index's order, as PyTorch's CPU kernel adds them
    np.add.at(out, _along(dim, index), src)
    return out


@index_add.def_vjp
def _(ctx, g, F):
    p = ctx.params
    gs = None
    if ctx.wants(1):
        gs = F.index(g, _along(p["dim"], p["index"]))
        if p.get("alpha", 1) != 1:
            gs = gs * p["alpha"]
    return (g if ctx.wants(0) else None), gs


@index_add.def_symbolic
def _(S, s, n, dim=0, index=(), alpha=1):
    out = np.array(S.obj(s[0]), copy=True)
    src = S.obj(s[1])
    idx = np.asarray(index, dtype=np.int64)
    for k, i in enumerate(idx):
        out[(slice(None),) * dim + (int(i),)] = (out[(slice(None),) * dim + (int(i),)]
                                                  + src[(slice(None),) * dim + (k,)] * S.number(alpha))
    return S.obj(out)
