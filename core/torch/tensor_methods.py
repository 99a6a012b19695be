"""Tensor methods and operators, attached from the functional API.

``x.exp()``, ``torch.exp(x)`` and the vjp namespace all reach the same
function in :mod:`core.torch.functional`, so an op behaves the same however it is called.
``Tensor.backward`` (the engine) and the legacy ``torch.Tensor(...)`` constructor
are attached here too: :mod:`core.tensor` sits below the ops and the engine and
does not import them.
"""
from __future__ import annotations

import builtins
import math

import numpy as np

from core import dtypes
from core.autograd.engine import backward as _backward
from core.ops import numbers
from core.ops.registry import REGISTRY as R, _result_dtype, apply
from core import context as _context
from core.ops.inplace import _check_leaf
from core.tensor import grad_mode
from core.tensor.errors import legacy_type_name
from core.ops.inplace import _check_leaf
from core.tensor import grad_mode
from core.tensor.tensor import Tensor, check_memory_format
from core.torch import functional as api, inplace_random as _inplace_random
from core.torch import creation
from core.torch.creation import CPU, NO_CUDA, check_device, device as _device, legacy_new

# methods that are the functional op with self first: every op declared function=True
# (core.ops), and these composites of core.torch.functional
_SAME = """add sub mul div true_divide divide multiply subtract pow matmul mm mv dot bmm outer neg negative
reciprocal log2 log10 rsqrt absolute round square clamp clip clamp_min clamp_max sum mean prod var std norm max min
amax amin maximum minimum argmax argmin softmax log_softmax view reshape flatten flip fliplr flipud transpose swapaxes swapdims t permute
unsqueeze squeeze expand expand_as repeat contiguous narrow select unbind chunk split to clone lt le gt ge eq ne
logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift unique cross equal allclose isclose isnan isinf all any cumsum view_as index_select dist addmm prelu
nonzero argwhere count_nonzero gather arcsin arccos arctan
floor_divide remainder fmod det inverse matrix_power svd cumprod trace sort topk median cummax cummin
argsort tril triu diagonal diag roll take masked_select logsumexp
scatter scatter_add index_fill index_add broadcast_to isfinite
addcmul addcdiv lerp atan2 arctan2 nan_to_num logit ravel swapdims tile movedim moveaxis unflatten fix diff
repeat_interleave rot90 kron kthvalue mode bincount histc conj resolve_conj""".split()

for _name in [*api.PLAIN, *_SAME]:
    setattr(Tensor, _name, getattr(api, _name))
Tensor.real = property(api.real)
Tensor.imag = property(api.imag)

# what PyTorch's binary operators take beside a tensor: a tensor or a number (numpy's too); for
# anything else they return NotImplemented, so Python raises its own TypeError
# ("unsupported operand type(s) for +: 'Tensor' and 'str'") or, for ==, compares identities
_OPERANDS = (Tensor, bool, int, float, complex, np.number, np.bool_, np.ndarray)


def _operator(fn):
    def method(self, other):
        if not isinstance(other, _OPERANDS):
            return NotImplemented
        return fn(self, other)
    method.__name__ = getattr(fn, "__name__", "operator")
    return method


def _fast_binary(op, slow):
    """``a <op> b`` for a tensor and a number or tensor goes straight to the
    registry; anything else (and any error, for PyTorch's message) takes the
    full path through the functional API."""
    fast = (float, int, Tensor)

    def method(self, other):
        if other.__class__ in fast:
            try:
                return apply(op, (self, other))
            except ValueError:
                pass
        elif not isinstance(other, _OPERANDS):
            return NotImplemented
        return slow(self, other)
    return method


def _matmul_operand(fn):
    def method(self, other):
        return fn(self, other) if isinstance(other, (Tensor, np.ndarray)) else NotImplemented
    return method


Tensor.__matmul__ = _matmul_operand(lambda self, other: api.matmul(self, api.as_tensor_operand(other)))
Tensor.__rmatmul__ = _matmul_operand(lambda self, other: api.matmul(api.as_tensor_operand(other), self))
Tensor.__add__ = _fast_binary(R["add"], api.add)
Tensor.__radd__ = _fast_binary(R["add"], api.add)
Tensor.__sub__ = _fast_binary(R["sub"], api.sub)
Tensor.__rsub__ = _operator(lambda self, other: api.rsub(self, other))
Tensor.__mul__ = _fast_binary(R["mul"], api.mul)
Tensor.__rmul__ = _fast_binary(R["mul"], api.mul)
Tensor.__truediv__ = _fast_binary(R["div"], api.div)
Tensor.__rtruediv__ = _operator(lambda self, other: api.rdiv(self, other))
Tensor.__floordiv__ = _operator(lambda self, other: api.floor_divide(self, other))
Tensor.__rfloordiv__ = _operator(lambda self, other: api.floor_divide(other, self))
Tensor.__mod__ = _operator(lambda self, other: api.remainder(self, other))
Tensor.__rmod__ = _operator(lambda self, other: api.remainder(other, self))
Tensor.__pow__ = _operator(lambda self, other: api.pow(self, other))
Tensor.__rpow__ = _operator(lambda self, other: api.rpow(self, other))
Tensor.__neg__ = api.neg
Tensor.__pos__ = lambda self: self
Tensor.__abs__ = api.abs
Tensor.__lt__ = _operator(api.lt)
Tensor.__le__ = _operator(api.le)
Tensor.__gt__ = _operator(api.gt)
Tensor.__ge__ = _operator(api.ge)
Tensor.__eq__ = _operator(api.eq)
Tensor.__ne__ = _operator(api.ne)
# & | ^ << >> ~ are PyTorch's bitwise ops (on bool tensors the same as the logical ones)
Tensor.__and__ = Tensor.__rand__ = _operator(api.bitwise_and)
Tensor.__or__ = Tensor.__ror__ = _operator(api.bitwise_or)
Tensor.__xor__ = Tensor.__rxor__ = _operator(api.bitwise_xor)
Tensor.__lshift__ = _operator(api.bitwise_left_shift)
Tensor.__rshift__ = _operator(api.bitwise_right_shift)
Tensor.__rlshift__ = _operator(lambda self, other: api.bitwise_left_shift(other, self))
Tensor.__rrshift__ = _operator(lambda self, other: api.bitwise_right_shift(other, self))


def _invert(self):
    if self.dtype.is_floating_point or self.dtype.is_complex:
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return api.bitwise_not(self)


Tensor.__invert__ = _invert
Tensor.__getitem__ = api.getitem
Tensor.__setitem__ = api.setitem
Tensor.T = property(lambda self: api.permute(self, *reversed(range(self.dim()))))
Tensor.mT = property(lambda self: api.transpose(self, -2, -1))


def _to_dtype(d):
    def fn(self, memory_format=None):
        return api.to(self, d)
    return fn


Tensor.float = _to_dtype(dtypes.float32)
Tensor.double = _to_dtype(dtypes.float64)
Tensor.half = _to_dtype(dtypes.float16)
Tensor.long = _to_dtype(dtypes.int64)
Tensor.int = _to_dtype(dtypes.int32)
Tensor.short = _to_dtype(dtypes.int16)
Tensor.char = _to_dtype(dtypes.int8)
Tensor.byte = _to_dtype(dtypes.uint8)
Tensor.bool = _to_dtype(dtypes.bool_)


def _type(self, dtype=None):
    if dtype is None:
        return legacy_type_name(self)
    if callable(dtype) and not isinstance(dtype, dtypes.dtype):   # x.type(torch.LongTensor): the legacy class
        dtype = "torch." + getattr(dtype, "__name__", "")
    if isinstance(dtype, str):
        name = dtype if dtype.startswith("torch.") else "torch." + dtype
        dtype = next((d for d in dtypes.ALL if d.legacy_name == name), None)
        if dtype is None:
            raise ValueError(f"invalid type: '{name}'")
    return api.to(self, dtype)


Tensor.type = _type
Tensor.type_as = lambda self, other: api.to(self, other.dtype)
Tensor.cpu = lambda self, memory_format=None: self


def _cuda(self, device=None, non_blocking=False, *, memory_format=None):
    if isinstance(device, str):
        _device(device)          # PyTorch's error for a device string it cannot read
    elif isinstance(device, int) and not isinstance(device, bool):
        check_device(device)     # a device index: there is no accelerator
    raise AssertionError(NO_CUDA)


def _to(self, *args, **kwargs):
    """``x.to(device)``, ``x.to('cpu')``, ``x.to(device, dtype)``, ``x.to(device=...)``: the CPU
    is where every tensor is, so only the dtype can change; another device raises."""
    rest = []
    for a in args:
        if isinstance(a, (str, _device)):
            check_device(a)
        else:
            rest.append(a)
    check_device(kwargs.pop("device", None))
    kwargs.pop("non_blocking", None)
    return api.to(self, *rest, **kwargs)


Tensor.cuda = _cuda
Tensor.to = _to
# the device a tensor is on: a torch.device printing as PyTorch's (cpu, device(type='cpu'))
Tensor.device = property(lambda self: CPU)
Tensor.get_device = lambda self: -1


# ---------------------------------------------------------------------------
# in-place methods
# ---------------------------------------------------------------------------

def _inplace_binary(name):
    op = R[name]

    def fn(self, other, *, alpha=1):
        other = api.as_tensor_operand(other)
        if name == "sub":
            api.check_sub(self, other)
        api.check_alpha(op, (self, other), alpha)
        params = {} if alpha == 1 else {"alpha": alpha}
        return api.inplace(op, self, (other,), params)
    fn.__name__ = name + "_"
    return fn


Tensor.add_ = _inplace_binary("add")
Tensor.sub_ = _inplace_binary("sub")
Tensor.mul_ = lambda self, other: api.inplace(R["mul"], self, (api.as_tensor_operand(other),))
Tensor.atan2_ = Tensor.arctan2_ = lambda self, other: api.inplace(R["atan2"], self, (api.as_tensor_operand(other),))


def _div_(self, other, *, rounding_mode=None):
    other = api.as_tensor_operand(other)
    if rounding_mode is None:
        return api.inplace(R["div"], self, (other,))
    if rounding_mode == "floor":
        return api.inplace(R["floor_divide"], self, (other,))
    if rounding_mode != "trunc":
        api.div(self, other, rounding_mode=rounding_mode)   # PyTorch's error for the mode
    if _result_dtype(R["trunc_divide"], (self, other)).category == 2:
        return _inplace_unary(R["trunc"])(api.inplace(R["div"], self, (other,)))
    return api.inplace(R["trunc_divide"], self, (other,), {"rounding_mode": "trunc"})


def _modulo_(name):
    def fn(self, other):
        other = api.as_tensor_operand(other)
        if isinstance(other, Tensor):
            return api.inplace(R[name], self, (other,))
        d = _result_dtype(R[name], (self, other))
        if d.category > self.dtype.category:
            raise RuntimeError(f"result type {d.scalar_name} can't be cast to the desired output type "
                               f"{self.dtype.scalar_name}")
        return api.inplace(R[name + "_scalar"], self, (), {"other": api._scalar_in(other, self.dtype)})
    fn.__name__ = name + "_"
    return fn


Tensor.div_ = _div_
Tensor.floor_divide_ = lambda self, other: api.inplace(R["floor_divide"], self, (api.as_tensor_operand(other),))
Tensor.remainder_ = _modulo_("remainder")
Tensor.fmod_ = _modulo_("fmod")
Tensor.__iadd__ = _operator(lambda self, other: Tensor.add_(self, other))
Tensor.__isub__ = _operator(lambda self, other: Tensor.sub_(self, other))
Tensor.__imul__ = _operator(lambda self, other: Tensor.mul_(self, other))
Tensor.__itruediv__ = _operator(lambda self, other: Tensor.div_(self, other))
Tensor.__ifloordiv__ = _operator(lambda self, other: Tensor.floor_divide_(self, other))
Tensor.__imod__ = _operator(lambda self, other: Tensor.remainder_(self, other))


def _inplace_bitwise(name):
    def fn(self, other):
        return api.inplace(R[name], self, (api.as_tensor_operand(other),))
    fn.__name__ = name + "_"
    return fn


# x.bitwise_and_(y) ... and the operators &= |= ^= <<= >>=, in place as in PyTorch
for _name, _dunder in (("bitwise_and", "__iand__"), ("bitwise_or", "__ior__"), ("bitwise_xor", "__ixor__"),
                       ("bitwise_left_shift", "__ilshift__"), ("bitwise_right_shift", "__irshift__")):
    setattr(Tensor, _name + "_", _inplace_bitwise(_name))
    setattr(Tensor, _dunder, _operator(getattr(Tensor, _name + "_")))


def _pow_(self, exponent):
    if isinstance(exponent, Tensor):
        return api.inplace(R["pow_tensor"], self, (exponent,))
    return api.inplace(R["pow"], self, (), {"exponent": exponent})


Tensor.pow_ = _pow_
Tensor.__ipow__ = _operator(_pow_)


def _inplace_unary(op):
    def fn(self):
        return api.inplace(op, self, ())
    fn.__name__ = op.name + "_"
    return fn


# x.exp_(), x.relu_()...: every op declared inplace_method=True
for _name, _op in R.items():
    if _op.inplace_method:
        setattr(Tensor, _name + "_", _inplace_unary(_op))


def _clamp_(self, min=None, max=None):
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return api.inplace(R["clamp_tensor"], self, (min, max))
    return api.inplace(R["clamp"], self, (), {"min": api._num(min), "max": api._num(max)})


Tensor.clamp_ = _clamp_
Tensor.clip_ = _clamp_
Tensor.clamp_min_ = lambda self, min: api.inplace(R["clamp_min"], self, (), {"min": api._num(min)})
Tensor.clamp_max_ = lambda self, max: api.inplace(R["clamp_max"], self, (), {"max": api._num(max)})
Tensor.fill_ = lambda self, value: api.inplace(R["fill_"], self, (), {"value": api._num(value)})
Tensor.zero_ = lambda self: api.inplace(R["zero_"], self, ())
Tensor.copy_ = api.copy_


def _boolean_mask(mask):
    if isinstance(mask, Tensor) and mask.dtype is not dtypes.bool_:
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype {mask.dtype.cpp_name}")


def _masked_fill_(self, mask, value):
    _boolean_mask(mask)
    api.setitem(self, mask, value)
    return self


Tensor.masked_fill_ = _masked_fill_



def _scatter_(self, dim, index, src=None, value=None, *, reduce=None):
    if reduce is not None:
        raise NotImplementedError("scatter_(reduce=...) is not available in Backprop Lens yet")
    given = src if src is not None else value
    if isinstance(given, Tensor):
        return api.inplace(R["scatter_src"], self, (given,), api._scatter_args("scatter", self, dim, index, given))
    params = api._scatter_args("scatter", self, dim, index)
    params["value"] = api._num(given)
    return api.inplace(R["scatter_value"], self, (), params)


Tensor.scatter_ = _scatter_
Tensor.scatter_add_ = lambda self, dim, index, src: api.inplace(
    R["scatter_add"], self, (src,), api._scatter_args("scatter", self, dim, index, src))
Tensor.index_fill_ = lambda self, dim, index, value: api.inplace(
    R["index_fill"], self, (), {"dim": self._dim(dim) if self.dim() else 0,
                                "index": np.asarray(index._data, dtype=np.int64).reshape(-1),
                                "value": api._num(value.item() if isinstance(value, Tensor) else value)})
Tensor.index_add_ = lambda self, dim, index, source, *, alpha=1: api.inplace(
    R["index_add"], self, (source,), api._index_add_args(self, dim, index, source, alpha))
Tensor.reshape_as = lambda self, other: self.reshape(tuple(other.shape))
# x.tril_() / x.triu_() (a causal mask made in place): the op in place, its node TrilBackward0 / TriuBackward0
Tensor.tril_ = lambda self, diagonal=0: api.inplace(R["tril"], self, (), {"diagonal": int(diagonal)})
Tensor.triu_ = lambda self, diagonal=0: api.inplace(R["triu"], self, (), {"diagonal": int(diagonal)})


def _masked_fill(self, mask, value):
    _boolean_mask(mask)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        numbers.fill_value(value, self._data.dtype)
        return api.where(mask, value, self)
    return api.where(mask, api.as_tensor_operand(value), self)


Tensor.masked_fill = _masked_fill
Tensor.unfold = api.unfold
Tensor.index_copy = api.index_copy
Tensor.index_copy_ = api.index_copy_
Tensor.masked_scatter = api.masked_scatter
Tensor.masked_scatter_ = api.masked_scatter_


def _legacy_new(cls, *args, **kwargs):
    # the legacy torch.Tensor(...) constructor: a float32 tensor from data or sizes
    return legacy_new(dtypes.get_default_dtype(), args, kwargs, cls)


def _tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    _backward(self, gradient, retain_graph, create_graph, inputs=inputs)


Tensor.__new__ = staticmethod(_legacy_new)
for _name in ("new_ones", "new_zeros", "new_empty", "new_full", "new_tensor"):
    setattr(Tensor, _name, getattr(creation, _name))
_tensor_backward.__name__ = "backward"   # the name a program looks it up by (print(t.backward) shows it)
Tensor.backward = _tensor_backward


# the in-place random fills (uniform_, normal_, bernoulli_, exponential_, random_, bernoulli): core.torch.inplace_random
_inplace_random.attach()


# -- the in-place view methods: x.t_(), x.transpose_(), x.unsqueeze_(), x.squeeze_() --------------------
def _inplace_view(op, self, params=None):
    """``self`` becomes the view ``op`` makes of it: its shape and strides change, its numbers and
    storage stay; under grad mode its history gains ``op``'s node (TBackward1...).  Observers see one
    op whose input and result are ``self``, so a replay rebinds the name as the program does."""
    params = params or {}
    watchers = _context.observers[0]
    _context.observers[0] = ()
    try:
        view = apply(op, (self,), params)
    finally:
        _context.observers[0] = watchers
    for w in watchers:
        w.on_apply(op, (self,), params, self)
    self._data = view._data
    if view.grad_fn is not None:
        self.grad_fn, self._output_nr = view.grad_fn, 0
    if self._base is not None:
        self._view_chain = view._view_chain
    self._bump_version()
    return self


def _checked_leaf(self):
    """PyTorch refuses an in-place change of a leaf that requires grad (or of its view) first."""
    if grad_mode.is_grad_enabled():
        _check_leaf(self)


def _t_(self):
    _checked_leaf(self)
    if self.dim() > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
    return _inplace_view(R["t_in_place"], self)


def _transpose_(self, dim0, dim1):
    _checked_leaf(self)
    return _inplace_view(R["transpose_in_place"], self, {"dim0": self._dim(dim0), "dim1": self._dim(dim1)})


def _unsqueeze_(self, dim):
    _checked_leaf(self)
    n = self.dim() + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return _inplace_view(R["unsqueeze_in_place"], self, {"dim": dim % n})


def _squeeze_(self, dim=None):
    _checked_leaf(self)
    if dim is None:
        return _inplace_view(R["squeeze_in_place"], self)
    if isinstance(dim, (tuple, list)):
        return _inplace_view(R["squeeze_dims_in_place"], self, {"dims": api._dims(self, dim) if self.dim() else ()})
    return _inplace_view(R["squeeze_dim_in_place"], self, {"dim": api._dims(self, dim) if self.dim() else 0})


Tensor.t_ = _t_
Tensor.transpose_ = Tensor.swapaxes_ = Tensor.swapdims_ = _transpose_
Tensor.unsqueeze_ = _unsqueeze_
Tensor.squeeze_ = _squeeze_


# -- x.resize_(*sizes), x.resize_as_(other): a new shape over the same storage ----------------------
def _resize_(self, *size, memory_format=None):
    """``self`` takes the shape ``size`` with row-major strides, reading its storage from where it starts
    (its storage offset); the same shape changes nothing.  PyTorch refuses a tensor that requires grad,
    in any grad mode.  A shape needing more elements than the storage holds grows the storage: the new
    elements are uninitialized memory in PyTorch, zeros here (as ``torch.empty``'s)."""
    check_memory_format(memory_format)
    if self._rg:
        raise RuntimeError("cannot resize variables that require grad")
    shape = api._shape_args(size)
    if builtins.any(s < 0 for s in shape):
        raise RuntimeError("numel: integer multiplication overflow")
    if shape == tuple(self.shape):
        return self
    n = math.prod(shape)
    root = self if self._base is None else self._base
    storage = root._ensure_array()
    offset = self.storage_offset()
    flat = storage.ravel(order="K")   # the storage in memory order: a view when the root is dense
    if offset + n <= flat.size and np.shares_memory(flat, storage):
        self._data = flat[offset:offset + n].reshape(shape)
    else:
        # NOTE: PyTorch grows the storage itself, so every tensor sharing it sees the grown one; here the
        # resized tensor alone gets a new array holding the storage's numbers
        _context.check_shape(shape)
        grown = np.zeros(offset + n, storage.dtype)
        kept = builtins.min(flat.size, offset + n)
        grown[:kept] = flat[:kept]
        self._data = grown[offset:].reshape(shape)
        self._base, self._view_chain = None, ()
    self._bump_version()
    _context.data_replaced(self)
    return self


def _resize_as_(self, the_template, *, memory_format=None):
    return _resize_(self, tuple(the_template.shape), memory_format=memory_format)


Tensor.resize_ = _resize_
Tensor.resize_as_ = _resize_as_
