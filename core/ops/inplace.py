"""In-place ops, indexing, and the nodes that rebase history after them.

An in-place op writes into the tensor's storage, bumps the shared version
counter, and, when autograd is involved, rebases the tensor's history: its
grad_fn becomes the op's node, whose first input is the tensor's old history.
On a view, the base's grad_fn becomes :class:`CopySlices`, which routes the
gradient of the written region through the op's node and leaves the rest of
the base's gradient alone (PyTorch's ``y[0, 0] = ...`` graph).
"""
from __future__ import annotations

from contextlib import nullcontext

import numpy as np

from core import dtypes
from core.tensor import grad_mode
from core.tensor.node import Node, _seq
from core.tensor.tensor import Tensor
from core.ops import drift, numbers
from core.ops.vjp import NumpyF, node_apply
from core.ops.registry import REGISTRY as R, _NO_EDGE, _result_dtype, _cast_inputs, edge_of, record, apply
from core.context import before_write as _before_write, custom_forward as _custom_forward, observers as _observers

LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF_INPLACE = "a view of a leaf Variable that requires grad is being used in an in-place operation."


class _ViewRegion(Node):
    """Stands in for a view's old history inside CopySlices: gradient sent
    to it is written back into the base's gradient, not propagated."""

    next_functions = ()
    _seq = -1


_REGION = _ViewRegion()


def _replay_numpy(arr, chain):
    for op, params in chain:
        arr = op.forward(arr, **params)
    return arr


def _replay_tensor(t, chain):
    for op, params in chain:
        t = apply(op, (t,), params)
    return t


class CopySlices(Node):
    """The base's grad_fn after an in-place op on one of its views."""

    def __init__(self, base_edge, fn, chain, base_meta):
        self.fn = fn
        self.chain = chain
        self._has_saved = fn._has_saved  # releasing CopySlices releases the op it wraps
        self.next_functions = (base_edge,) + tuple(fn.next_functions[1:])
        self._in_meta = (base_meta,) + tuple(fn._in_meta[1:])
        self._seq = next(_seq)

    def name(self):
        return "torch::autograd::CopySlices"

    def release(self):
        self.fn.release()

    def apply_custom(self, g, F):
        if F is NumpyF:
            gb = np.array(g, copy=True)
            region = _replay_numpy(gb, self.chain)
            res = node_apply(self.fn, np.array(region, copy=True), F)
            region[...] = 0 if res[0] is None else res[0]
        else:
            gb = g.clone()
            region = _replay_tensor(gb, self.chain)
            res = node_apply(self.fn, region.clone(), F)
            if res[0] is None:
                region.zero_()
            else:
                region.copy_(res[0])
        return [gb] + list(res[1:])


class AsStridedBackward0(Node):
    """A view's grad_fn after an in-place op through it: its gradient lands
    in the view's region of a zero gradient for the base."""

    def __init__(self, base_edge, chain, base_meta):
        self.chain = chain
        self.next_functions = (base_edge,)
        self._in_meta = (base_meta,)
        self._seq = next(_seq)

    def apply_custom(self, g, F):
        shape, dt = self._in_meta[0]
        if F is NumpyF:
            z = np.zeros(shape, dtype=dt)
            _replay_numpy(z, self.chain)[...] = g
            return [z]
        z = np.zeros(shape, dtype=dt)
        z = Tensor._make(z if z.ndim else z[()])
        _replay_tensor(z, self.chain).copy_(g)
        return [z]


def _write(t, out):
    d = t._data
    if isinstance(d, np.ndarray):
        if not d.flags.writeable:
            raise RuntimeError("unsupported operation: more than one element of the written-to tensor refers to a "
                               "single memory location. Please clone() the tensor before performing the operation.")
        d[...] = out
    else:
        t._data = np.asarray(out, dtype=d.dtype)[()]


def _check_leaf(t):
    if t._rg and t.grad_fn is None:
        raise RuntimeError(LEAF_INPLACE)
    base = t._base
    if base is not None and base._rg and base.grad_fn is None:
        raise RuntimeError(VIEW_OF_LEAF_INPLACE)


# ops whose forward is exactly this ufunc (alpha 1): untracked and unobserved, ``x -= y`` writes
# into x's storage at once (the same bits, without a temporary array and a copy: a training loop's
# ``param.data -= lr * param.grad``)
_DIRECT = {"add": np.add, "sub": np.subtract, "mul": np.multiply}


def _direct(op, self, others, params, arrays, gm):
    if op.name not in _DIRECT or len(others) != 1 or params.get("alpha", 1) != 1 or _observers[0] \
            or _custom_forward[0] or drift._marked:
        return False
    d = self._data
    if not isinstance(d, np.ndarray) or not d.flags.writeable or arrays[0].dtype != d.dtype:
        return False
    other = arrays[1]
    if isinstance(other, np.ndarray) and (other.dtype != d.dtype or other.shape != d.shape):
        return False
    if gm and op.vjp is not None and any(isinstance(x, Tensor) and x._rg for x in (self, *others)):
        return False
    return True


def inplace(op, self, others=(), params=None):
    """Run ``op`` in place on ``self`` with PyTorch's checks and graph rebase."""
    params = params or {}
    inputs = (self,) + tuple(others)
    for watcher in _before_write:
        watcher(self)
    gm = grad_mode._state[0]
    if gm:
        _check_leaf(self)
    d = _result_dtype(op, inputs)
    if d is not None and d.category > self.dtype.category:
        raise RuntimeError(f"result type {d.scalar_name} can't be cast to the desired output type "
                           f"{self.dtype.scalar_name}")
    arrays = _cast_inputs(inputs, d.np) if d is not None else [getattr(x, "_data", x) for x in inputs]
    if _direct(op, self, others, params, arrays, gm):
        _DIRECT[op.name](arrays[0], arrays[1], out=self._data)
        self._bump_version()
        return self
    out = op.forward(*arrays, **params)
    aux = None
    if op.has_aux:
        out, aux = out
    if drift._marked and (drift.any_marked(arrays) or drift.marked(out)):
        drift.mark(self._data)
    tracked = gm and op.vjp is not None and any(isinstance(x, Tensor) and x._rg for x in inputs)
    watchers = _observers[0]
    # a custom Function's forward runs with grad mode off, yet its observers trace it
    traced = tracked or (_custom_forward[0] > 0 and op.vjp is not None)
    values = [w.inplace_value(op, self, others, params, arrays) if traced else None for w in watchers]
    for w in watchers:
        w.before_write(op, self, others, params)
    if not tracked:
        _write(self, out)
        self._bump_version()
        for w, value in zip(watchers, values):
            w.after_inplace(self, value)
        return self
    old = _snapshot(self, op)
    before = self._version_counter()[0]
    _write(self, out)
    self._bump_version()
    for w, value in zip(watchers, values):
        w.after_inplace(self, value)
    base = self._base
    if base is None:
        _saved_before_write(record(op, (old,) + tuple(others), params, self, aux), others, self, before)
        self._output_nr = 0
        return self
    # in-place through a view: the base's history becomes CopySlices
    old.grad_fn, old._rg = _REGION, True
    stand_in = Tensor._make(np.array(self._data, copy=True)[()])
    fn = _saved_before_write(record(op, (old,) + tuple(others), params, stand_in, aux), others, self, before)
    base_meta = (base._data.shape, base._data.dtype)
    cs = CopySlices(edge_of(base) if base._rg else _NO_EDGE, fn, self._view_chain, base_meta)
    base.grad_fn, base._rg, base._output_nr = cs, True, 0
    self.grad_fn = AsStridedBackward0((cs, 0), self._view_chain, base_meta)
    self._rg, self._output_nr = True, 0
    return self


def _saved_before_write(node, others, t, before):
    """``t`` written in place with itself as an operand (``y.mul_(y)``): the node saved that operand as it was
    before the write, so (as in PyTorch) a backward that reads it finds it modified: at version ``before``+1,
    expected ``before``."""
    versions = node._versions
    if versions is not None:
        for i, x in enumerate(others, start=1):
            if x is t and versions[i] is not None:
                versions[i] = (before,) + versions[i][1:]
    return node


def _snapshot(t, op):
    """The tensor as it was before the write, holding its old history."""
    reads_self = any(0 in deps for deps in op.needs.values())
    data = np.array(t._data, copy=True)[()] if reads_self else t._data
    old = Tensor._make(data)
    old.grad_fn, old._output_nr, old._rg, old._acc = t.grad_fn, t._output_nr, t._rg, t._acc
    return old


def copy_(self, src, non_blocking=False):
    if not isinstance(src, Tensor):
        src = float(src) if not isinstance(src, (bool, int, float)) else src
    return inplace(R["copy_"], self, (src,))


# ---------------------------------------------------------------------------
# indexing
# ---------------------------------------------------------------------------

def _is_advanced(x):
    return isinstance(x, (list, np.ndarray)) or (isinstance(x, Tensor) and (x.dim() > 0 or x.dtype is dtypes.bool_))


def _advanced_array(x, size, dim):
    if isinstance(x, Tensor):
        arr = x._data
        if arr.dtype.kind not in "biu":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    else:
        items = np.ravel(np.asarray(x, dtype=object))
        odd = next((v for v in items if not isinstance(v, (int, float, np.number))), None)
        if odd is not None:   # x[[0, 'a']]: PyTorch makes an index tensor of the list, and cannot
            raise TypeError(f"new(): invalid data type '{type(odd).__name__}'")
        arr = np.asarray(x)
        if arr.dtype.kind == "f":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    if arr.dtype != np.bool_:
        bad = (arr >= size) | (arr < -size)
        if np.any(bad):
            raise IndexError(f"index {int(arr[bad].flat[0])} is out of bounds for dimension {dim} with size {size}")
    return arr


def _expand_index(t, idx):
    if t.dim() == 0 and type(idx) is int:   # PyTorch's select on a 0-dim tensor (x.data[0], older tutorials)
        if idx == 0:
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
                             "in C++ to convert a 0-dim tensor to a number")
        raise IndexError(f"index {idx} is out of bounds for dimension 0 with size 0")
    if not isinstance(idx, tuple):
        idx = (idx,)
    consumed = 0
    for x in idx:
        if x is None or x is Ellipsis:
            continue
        if type(x) is int:
            numbers.unpack_long(x)   # x[10**30]: PyTorch unpacks an index as an int64
        if isinstance(x, Tensor) and x.dtype is dtypes.bool_:
            consumed += x.dim()
        elif isinstance(x, np.ndarray) and x.dtype == np.bool_:
            consumed += x.ndim
        else:
            consumed += 1
    if consumed > t.dim():
        raise IndexError(f"too many indices for tensor of dimension {t.dim()}")
    if any(x is Ellipsis for x in idx):
        k = next(i for i, x in enumerate(idx) if x is Ellipsis)
        idx = idx[:k] + (slice(None),) * (t.dim() - consumed) + idx[k + 1:]
    return idx


def _basic_steps(t, idx):
    """Split an index into view steps (select/slice/unsqueeze) applied in
    order, and the advanced part left for an index op on the result."""
    steps, adv = [], []
    d = 0          # dimension in the tensor being built
    orig = 0       # dimension of the original tensor, for messages
    shape = list(t.shape)
    for x in idx:
        if x is not None:
            orig_d, orig = orig, orig + 1
        if x is None:
            steps.append((R["unsqueeze"], {"dim": d}))
            shape.insert(d, 1)
            d += 1
        elif isinstance(x, slice):
            if x != slice(None):
                start, stop, step = (_num(x.start), _num(x.stop), 1 if x.step is None else _num(x.step))
                if step <= 0:
                    raise ValueError("step must be greater than zero")
                s0, s1, _ = slice(start, stop, step).indices(shape[d])
                steps.append((R["slice"], {"dim": d, "start": s0, "stop": max(s1, s0), "step": step}))
                shape[d] = len(range(s0, max(s1, s0), step))
            adv.append(slice(None))
            d += 1
        elif _is_advanced(x):
            arr = _advanced_array(x, shape[d] if d < len(shape) else 0, d)
            adv.append(arr)
            d += arr.ndim if arr.dtype == np.bool_ else 1
        else:
            i = _num(x)
            if isinstance(i, str):   # PyTorch tries to make an index tensor of it
                raise TypeError("new(): invalid data type 'str'")
            if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
                raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
                                 "are valid indices (got " + type(x).__name__ + ")")
            if d >= len(shape):
                raise IndexError(f"too many indices for tensor of dimension {t.dim()}")
            size = shape[d]
            if not -size <= i < size:
                raise IndexError(f"index {i} is out of bounds for dimension {orig_d} with size {size}")
            steps.append((R["select"], {"dim": d, "index": int(i) % size}))
            del shape[d]
    has_adv = any(not isinstance(a, slice) for a in adv)
    return steps, (tuple(adv) if has_adv else None)


def _num(x):
    return x.item() if isinstance(x, Tensor) else x


def getitem(self, idx):
    idx = _expand_index(self, idx)
    steps, adv = _basic_steps(self, idx)
    t = self
    if not steps and adv is None:
        return apply(R["slice"], (self,), {"dim": 0, "start": 0, "stop": self.shape[0], "step": 1}) \
            if self.dim() else apply(R["view"], (self,), {"shape": ()})
    for op, params in steps:
        t = apply(op, (t,), params)
    if adv is not None:
        t = apply(R["index"], (t,), {"index": adv})
    return t


def setitem(self, idx, value):
    """``self[idx] = value`` for a Tensor or Python number ``value`` (the torch
    layer turns lists and arrays into tensors first)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # a number written by indexing is unpacked as an int (it must fit int64), then must fit the dtype
        numbers.unpack_long(value)
        numbers.checked(value, self._data.dtype, numbers.CPP_NAMES[self._data.dtype.name])
    idx = _expand_index(self, idx)
    steps, adv = _basic_steps(self, idx)
    target = self
    if steps:
        with grad_mode.no_grad() if not (grad_mode._state[0] and self._rg) else nullcontext():
            for op, params in steps:
                target = apply(op, (target,), params)
    if adv is not None:
        if isinstance(value, Tensor) and value.dtype is not self.dtype:
            value = value.to(self.dtype)
        inplace(R["index_put"], target, (value,), {"index": adv, "accumulate": False})
    else:
        inplace(R["copy_"], target, (value,))
