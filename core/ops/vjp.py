"""The two namespaces a vjp rule is written against, and the step that runs a rule.

``NumpyF`` works on raw arrays: the engine uses it for a plain backward, where
no graph of the backward is wanted, so the hot path stays lean.  ``TensorF``
works on Tensors through the registry: under ``create_graph=True`` every step
of the backward is itself recorded and can be differentiated again.

Both offer the same functions; operators (``+ - * / **``, unary ``-``) work on
both kinds of value directly.  :func:`node_apply` runs one node's rule and
shapes each gradient like its input; the engine (:mod:`core.autograd.engine`)
and CopySlices (:mod:`core.ops.inplace`) both call it.
"""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops import drift, gemm
from core.ops.registry import REGISTRY, apply
from core.ops.summation import torch_sum
from core.tensor.tensor import Tensor


def raw(x):
    """The numbers of ``x``: a Tensor's array, anything else as it is."""
    return x._data if isinstance(x, Tensor) else x


def _sum_to_axes(shape, target):
    lead = len(shape) - len(target)
    axes = tuple(range(lead)) + tuple(
        lead + i for i, n in enumerate(target) if n == 1 and shape[lead + i] != 1)
    return lead, axes


class NumpyF:
    """vjp namespace over numpy arrays (no graph)."""

    @staticmethod
    def const(arr):
        """A constant (no-grad) operand."""
        return arr

    @staticmethod
    def saved(t):
        return t._data

    @staticmethod
    def sum_to(g, shape):
        """Sum ``g`` down to ``shape``: the adjoint of broadcasting (PyTorch's ``at::sum_to``:
        a full ``sum()`` for a 0-d target, else ``sum(dims, keepdim=True)``, in its order)."""
        gshape = np.shape(g)
        if gshape == shape:
            return g
        if not shape:
            return np.asarray(torch_sum(g))
        lead, axes = _sum_to_axes(gshape, shape)
        r = torch_sum(g, axis=axes, keepdims=True) if axes else g
        if lead:
            r = r.reshape(shape)
        return r

    @staticmethod
    def cast(g, np_dtype):
        return g.astype(np_dtype)

    expand = staticmethod(lambda g, shape: np.broadcast_to(g, shape))
    reshape = staticmethod(lambda g, shape: np.reshape(g, shape))
    exp = staticmethod(np.exp)
    log = staticmethod(np.log)
    sin = staticmethod(np.sin)
    cos = staticmethod(np.cos)
    sqrt = staticmethod(np.sqrt)
    sign = staticmethod(np.sign)
    abs = staticmethod(np.abs)
    matmul = staticmethod(gemm.matmul)      # float32 summed in PyTorch's BLAS order
    cumsum = staticmethod(lambda a, dim: np.cumsum(a, axis=dim))
    roll = staticmethod(lambda a, shifts, dims: np.roll(a, shifts, axis=dims))
    cumprod = staticmethod(lambda a, dim: np.cumprod(a, axis=dim))
    bmm = staticmethod(gemm.bmm)
    outer = staticmethod(np.outer)

    @staticmethod
    def sum(g, dim=None, keepdim=False):
        return torch_sum(g, axis=dim, keepdims=keepdim)[()]

    @staticmethod
    def mT(a):
        return np.swapaxes(a, -1, -2)

    @staticmethod
    def inverse(a):
        return np.linalg.inv(a)

    @staticmethod
    def qr(a):
        return tuple(x.astype(a.dtype) for x in np.linalg.qr(np.asarray(a, dtype=np.float64)))

    @staticmethod
    def tril(a, k=0):
        return np.tril(a, k)

    @staticmethod
    def transpose(a, d0, d1):
        return np.swapaxes(a, d0, d1)

    @staticmethod
    def permute(a, dims):
        return np.transpose(a, dims)

    @staticmethod
    def flip(a, dims):
        return np.flip(a, axis=tuple(dims)) if np.ndim(a) else a

    @staticmethod
    def rot90(a, k, dims):
        return np.array(np.rot90(a, k % 4, axes=tuple(dims)), copy=True)

    @staticmethod
    def unsqueeze(a, dim):
        return np.expand_dims(a, dim)

    @staticmethod
    def where(cond, a, b):
        return np.where(cond, a, b)

    @staticmethod
    def zeros_like(a):
        return np.zeros_like(a)

    @staticmethod
    def mask(cond, like):
        """A 0/1 array of ``like``'s dtype from a boolean condition."""
        return np.asarray(cond, dtype=np.result_type(like))

    @staticmethod
    def keep(cond, g):
        """``g`` where ``cond`` holds, +0 elsewhere (not g * mask, which gives -0)."""
        out = np.where(cond, g, 0)
        dtype = np.result_type(g)
        return (out if out.dtype == dtype else out.astype(dtype))[()]

    @staticmethod
    def scatter_index(g, shape, index):
        """Zeros of ``shape`` with ``g`` added at ``index`` (accumulating repeats)."""
        out = np.zeros(shape, dtype=np.result_type(g))
        np.add.at(out, index, g)
        return out

    @staticmethod
    def place(g, shape, key):
        """Zeros of ``shape`` with ``g`` at a basic index (ints and slices:
        no position repeats, so plain assignment is enough)."""
        out = np.zeros(shape, dtype=np.result_type(g))
        out[key] = g
        return out

    @staticmethod
    def index(g, index):
        return g[index]

    @staticmethod
    def set_index(base, index, value):
        """A copy of ``base`` with ``base[index] = value``."""
        out = np.array(base, copy=True)
        out[index] = value
        return out

    @staticmethod
    def concat(parts, dim):
        return np.concatenate(parts, axis=dim)

    @staticmethod
    def split_sizes(g, sizes, dim):
        idx = np.cumsum(sizes)[:-1]
        return np.split(g, idx, axis=dim)

    @staticmethod
    def softmax(x, dim):
        m = np.max(x, axis=dim, keepdims=True)
        e = np.exp(x - m)
        return e / np.sum(e, axis=dim, keepdims=True)


class TensorF:
    """vjp namespace over Tensors (records a graph of the backward).  Operators and
    the methods used here (``exp``, ``sum``, ``reshape``...) are Tensor's, attached
    by :mod:`core.torch.tensor_methods`; a graph of a backward exists only in a
    program, which has imported ``torch``."""

    @staticmethod
    def const(arr):
        """A constant (no-grad) operand."""
        return Tensor._make(arr)

    @staticmethod
    def saved(t):
        return t

    @staticmethod
    def sum_to(g, shape):
        if tuple(g.shape) == tuple(shape):
            return g
        if not shape:
            return g.sum()
        lead, axes = _sum_to_axes(tuple(g.shape), tuple(shape))
        r = g.sum(dim=axes, keepdim=True) if axes else g
        if lead:
            r = r.reshape(shape)
        return r

    @staticmethod
    def cast(g, np_dtype):
        return g.to(dtypes.from_numpy(np.dtype(np_dtype)))

    expand = staticmethod(lambda g, shape: g.expand(tuple(shape)))   # a 0-dim shape too (g.expand() refuses)
    reshape = staticmethod(lambda g, shape: g.reshape(shape))
    exp = staticmethod(lambda a: a.exp())
    log = staticmethod(lambda a: a.log())
    sin = staticmethod(lambda a: a.sin())
    cos = staticmethod(lambda a: a.cos())
    sqrt = staticmethod(lambda a: a.sqrt())
    sign = staticmethod(lambda a: a.sign())
    abs = staticmethod(lambda a: a.abs())
    cumsum = staticmethod(lambda a, dim: a.cumsum(dim))
    roll = staticmethod(lambda a, shifts, dims: a.roll(shifts, dims))
    cumprod = staticmethod(lambda a, dim: a.cumprod(dim))

    @staticmethod
    def matmul(a, b):
        return a.matmul(b)

    @staticmethod
    def bmm(a, b):
        return a.bmm(b)

    @staticmethod
    def outer(a, b):
        return a.reshape(-1, 1) * b.reshape(1, -1)

    @staticmethod
    def sum(g, dim=None, keepdim=False):
        return g.sum() if dim is None and not keepdim else g.sum(dim=dim, keepdim=keepdim)

    @staticmethod
    def mT(a):
        return a.transpose(-1, -2)

    @staticmethod
    def inverse(a):
        return a.inverse()

    @staticmethod
    def qr(a):
        return apply(REGISTRY["qr_Q"], (a,)), apply(REGISTRY["qr_R"], (a,))

    @staticmethod
    def tril(a, k=0):
        return a.tril(k)

    @staticmethod
    def transpose(a, d0, d1):
        return a.transpose(d0, d1)

    @staticmethod
    def permute(a, dims):
        return a.permute(*dims)

    @staticmethod
    def flip(a, dims):
        return a.flip(tuple(dims))

    @staticmethod
    def rot90(a, k, dims):
        return a.rot90(k, tuple(dims))

    @staticmethod
    def unsqueeze(a, dim):
        return a.unsqueeze(dim)

    @staticmethod
    def where(cond, a, b):
        return apply(REGISTRY["where"], (a, b), {"condition": np.asarray(raw(cond), dtype=bool)})

    @staticmethod
    def zeros_like(a):
        z = np.zeros(np.shape(a._data), dtype=a._data.dtype)
        return Tensor._make(z if z.ndim else z[()])

    @staticmethod
    def mask(cond, like):
        return Tensor._make(np.asarray(raw(cond), dtype=like._data.dtype))

    @staticmethod
    def keep(cond, g):
        return apply(REGISTRY["where"], (g, 0.0), {"condition": np.asarray(raw(cond), dtype=bool)})

    @staticmethod
    def scatter_index(g, shape, index):
        return apply(REGISTRY["index_backward"], (g,), {"shape": tuple(shape), "index": index})

    @staticmethod
    def place(g, shape, key):
        return TensorF.scatter_index(g, shape, key)

    @staticmethod
    def index(g, index):
        return g[index]

    @staticmethod
    def set_index(base, index, value):
        return apply(REGISTRY["index_put"], (base, value), {"index": index})

    @staticmethod
    def concat(parts, dim):
        return apply(REGISTRY["cat"], tuple(parts), {"dim": dim})

    @staticmethod
    def split_sizes(g, sizes, dim):
        out, start = [], 0
        for n in sizes:
            out.append(g.narrow(dim, start, n))
            start += n
        return out

    @staticmethod
    def softmax(x, dim):
        return x.softmax(dim)


def node_apply(fn, g, F):
    """Run one node's vjp and shape each gradient like its input."""
    if fn.op is None:
        return fn.apply_custom(g, F)
    grads = shape_gradients(fn, fn.op.vjp(fn, g, F), F)
    if drift._marked and F is NumpyF and _drifted(fn, g):
        for gi in grads:
            drift.mark(gi)
    return grads


def _drifted(fn, g):
    """Whether a node's vjp read a value that drifted from PyTorch's bits (:mod:`core.ops.drift`)."""
    if drift.marked(g):
        return True
    result = fn._result
    if result is not None and drift.marked(result._data):
        return True
    return any(drift.marked(getattr(x, "_data", None)) for x in fn._saved or ())


def shape_gradients(fn, grads, F):
    """Each gradient summed down to its input's shape and cast to its dtype, with
    PyTorch's error for one that cannot be (``grads``: one per input, or None)."""
    out = []
    tensor_mode = F is TensorF
    for (nxt, _), gi, meta in zip(fn.next_functions, grads, fn._in_meta):
        if nxt is None or gi is None:
            out.append(None)
            continue
        shape, dt = meta
        arr = gi._data if tensor_mode else gi
        if not hasattr(arr, "shape"):  # a Python number from a rule
            gi = arr = np.asarray(arr, dtype=dt)
            if tensor_mode:
                gi = Tensor._make(arr)
        # NOTE: attribute reads, not np.shape (5x slower): this runs for every edge
        if arr.shape != shape:
            gi = F.sum_to(gi, shape)
            arr = raw(gi)
            if np.shape(arr) != shape:
                raise RuntimeError(f"Function {fn.name()} returned an invalid gradient at index {len(out)} - got "
                                   f"[{', '.join(map(str, np.shape(arr)))}] but expected shape compatible with "
                                   f"[{', '.join(map(str, shape))}]")
        if arr.dtype is not dt and arr.dtype != dt:
            gi = F.cast(gi, dt)
        out.append(gi)
    return out
