"""The Tensor: a numpy value plus PyTorch's autograd state.

State per tensor (most of it defaults on the class, so the hot path sets
only ``_data`` and, for op outputs, ``grad_fn``/``_rg``):

- ``_data``: a numpy ndarray, or a numpy scalar for 0-dim tensors that nothing
  aliases (numpy scalar arithmetic is ~10x faster than 0-dim arrays).  Before
  anything shares the storage (a view, ``.data``, ``detach()``), the value is
  turned into an ndarray so in-place writes reach every alias.
- ``grad_fn``/``_output_nr``: the node that made it (None for leaves).
- ``_rg``: requires grad.  ``_vc``: the version counter, a one-item list
  shared by a base and its views; created on first need.
- ``_base``/``_view_chain``: for views, the root base and the view ops that
  lead from it to this tensor (replayed by CopySlices).

Math methods, operators, ``backward`` and the legacy ``torch.Tensor(...)``
constructor are attached by :mod:`core.torch.tensor_methods`.
"""
from __future__ import annotations

import copy as _copy
import warnings
import weakref

import numpy as np

from core import dtypes, printing
from core.tensor.grad_mode import _inference as _inference_mode, _state as _grad_state
from core.tensor.node import AccumulateGrad, _HookTable, add_hook
from core.context import data_replaced, leaf_created, warn_once

NONLEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
    "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
    "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
    "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")
SCALAR_WARNING = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)")
NONLEAF_FLAG = "you can only change requires_grad flags of leaf variables."
DETACH_HINT = ("If you want to use a computed variable in a subgraph that doesn't require differentiation "
               "use var_no_grad = var.detach().")
FLOAT_ONLY = "Only Tensors of floating point and complex dtype can require gradients"
NO_VERSION_COUNTER = "Inference tensors do not track version counter."
# PyTorch writes first, then refuses to count the write
INFERENCE_INPLACE = ("Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to "
                     "get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 "
                     "for more details.")


class Size(tuple):
    """``torch.Size``: a tuple that prints as PyTorch's."""

    def __repr__(self):
        return "torch.Size([" + ", ".join(str(int(s)) for s in self) + "])"

    __str__ = __repr__

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n

    def __getitem__(self, item):
        r = tuple.__getitem__(self, item)
        return Size(r) if isinstance(item, slice) else r



class memory_format:
    """``torch.contiguous_format`` and its kin (tensors here are always laid out row-major)."""

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"torch.{self._name}"


contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")


def check_memory_format(fmt):
    """Refuse the channels-last layouts, which Backprop Lens does not keep, with a way forward."""
    if fmt is not None and not isinstance(fmt, memory_format):
        raise TypeError(f"memory_format must be torch.memory_format, not {type(fmt).__name__}")
    if fmt in (channels_last, channels_last_3d):
        raise NotImplementedError(f"{fmt} is not supported in Backprop Lens: tensors keep the row-major "
                                  "(torch.contiguous_format) layout; leave memory_format out")

class Tensor:
    """A tensor with PyTorch's autograd semantics, backed by numpy."""

    __array_priority__ = 1000  # numpy scalars on the left defer to Tensor operators

    grad_fn = None
    _rg = False
    _output_nr = 0
    _vc = None
    _base = None
    _view_chain = ()
    _grad = None
    _acc = None
    _hooks = None          # leaf tensor hooks (non-leaf hooks live on the grad_fn)
    _post_acc_hooks = None  # a leaf's hooks run after its .grad is accumulated
    _retains_grad = False
    _is_param = False
    _name = None
    _sym = None            # symbolic value while a shadow evaluation runs (core.symbolic)
    _inference = False     # made inside torch.inference_mode() (core.tensor.grad_mode)

    # -- construction ----------------------------------------------------------
    @classmethod
    def _make(cls, data):
        t = object.__new__(cls)
        t._data = data
        if _inference_mode[0]:
            t._inference = True
        return t

    # -- basic properties ----------------------------------------------------------
    @property
    def dtype(self):
        return dtypes._BY_NP[self._data.dtype]

    @property
    def shape(self):
        return Size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return Size(self._data.shape)
        return self._data.shape[self._dim(dim)]

    def dim(self):
        return self._data.ndim

    ndim = property(dim)

    def ndimension(self):
        return self._data.ndim

    def numel(self):
        return int(self._data.size)

    nelement = numel

    @property
    def device(self):
        return "cpu"

    @property
    def is_cuda(self):
        return False

    def is_floating_point(self):
        return self.dtype.is_floating_point

    def is_complex(self):
        return self.dtype.is_complex

    def is_contiguous(self, memory_format=None):
        check_memory_format(memory_format)
        d = self._data
        return not isinstance(d, np.ndarray) or bool(d.flags.c_contiguous)

    def stride(self, dim=None):
        """The step in elements between neighbours along each dim: numpy's byte strides, since a
        view here is a numpy view of its base's array (an expanded dim steps 0, as in PyTorch)."""
        d = self._data
        steps = tuple(s // d.itemsize for s in d.strides) if isinstance(d, np.ndarray) else ()
        if dim is None:
            return steps
        if not steps:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        return steps[self._dim(dim)]

    def storage_offset(self):
        """Where this tensor's first element sits in its base's storage, in elements."""
        base = self._base
        if base is None or not isinstance(self._data, np.ndarray):
            return 0
        start = self._data.__array_interface__["data"][0]
        return (start - base._ensure_array().__array_interface__["data"][0]) // self._data.itemsize

    def data_ptr(self):
        d = self._ensure_array()
        return d.__array_interface__["data"][0]

    def element_size(self):
        return self._data.dtype.itemsize

    def _dim(self, dim):
        n = self._data.ndim
        lo, hi = (-n, n - 1) if n else (-1, 0)
        if not lo <= dim <= hi:
            raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], "
                             f"but got {dim})")
        return dim % n if n else 0

    # -- autograd state ------------------------------------------------------------
    @property
    def requires_grad(self):
        return self._rg

    @requires_grad.setter
    def requires_grad(self, value):
        value = bool(value)
        if self.grad_fn is not None:
            raise RuntimeError(NONLEAF_FLAG if value else NONLEAF_FLAG + " " + DETACH_HINT)
        self._set_leaf_requires_grad(value)

    def _set_leaf_requires_grad(self, value):
        if value and self.dtype.category < 2:
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        became = value and not self._rg
        self._rg = value
        if became:
            leaf_created(self)
        elif not value and self._sym is not None:
            self._sym = None

    def requires_grad_(self, requires_grad=True):
        if self.grad_fn is not None:
            if not requires_grad:
                raise RuntimeError(NONLEAF_FLAG + " " + DETACH_HINT)
            return self
        self._set_leaf_requires_grad(bool(requires_grad))
        return self

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def grad(self):
        if self.grad_fn is not None and not self._retains_grad:
            warnings.warn(NONLEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of type "
                                f"{type(value).__name__}")
            if value.shape != self.shape:
                raise RuntimeError(f"attempting to assign a gradient of size '{list(value.shape)}' to a tensor of "
                                   f"size '{list(self.shape)}'. Please ensure that the gradient and the tensor are "
                                   "the same size")
            if value.dtype is not self.dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{value.dtype.cpp_name}' to a tensor with "
                    f"grad_dtype '{self.dtype.scalar_name}'. The gradient must match the tensor's "
                    "grad_dtype (defaults to the tensor's dtype). You can set the tensor's grad_dtype attribute "
                    "with a specific dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging the "
                    "dtypes of a tensor and its gradient may break downstream systems that assume they match.")
        self._grad = value

    @property
    def retains_grad(self):
        return self._retains_grad

    def retain_grad(self):
        if not self._rg:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is None or self._retains_grad:
            return
        self._retains_grad = True
        self.grad_fn._retains = (self._output_nr, weakref.ref(self))
        self.grad_fn._hooked = True

    @property
    def output_nr(self):
        return self._output_nr

    def is_inference(self):
        return self._inference

    @property
    def _version(self):
        if self._inference:
            raise RuntimeError(NO_VERSION_COUNTER)
        vc = self._vc
        return vc[0] if vc is not None else 0

    def _version_counter(self):
        vc = self._vc
        if vc is None:
            vc = self._vc = [0]
        return vc

    def _bump_version(self):
        if self._inference:
            if not _inference_mode[0]:
                raise RuntimeError(INFERENCE_INPLACE)
            return
        self._version_counter()[0] += 1

    def _grad_accumulator(self):
        acc = self._acc() if self._acc is not None else None
        if acc is None:
            acc = AccumulateGrad(self)
            self._acc = weakref.ref(acc)
        return acc

    def register_hook(self, hook):
        """Call ``hook(grad)`` when the gradient for this tensor is computed;
        a returned tensor replaces the gradient."""
        if not self._rg:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            table = self.grad_fn._tensor_hook_table()
            handle = add_hook(table, (self._output_nr, hook))
        else:
            if self._hooks is None:
                self._hooks = _HookTable()
            handle = add_hook(self._hooks, hook)
        return handle

    def register_post_accumulate_grad_hook(self, hook):
        """Call ``hook(tensor)`` after a backward has accumulated this leaf's ``.grad``."""
        if not self._rg:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
        if self._post_acc_hooks is None:
            self._post_acc_hooks = _HookTable()
        return add_hook(self._post_acc_hooks, hook)

    # -- storage sharing -------------------------------------------------------------
    def _ensure_array(self):
        """Turn a numpy-scalar value into a 0-dim array, so it can be aliased."""
        d = self._data
        if not isinstance(d, np.ndarray):
            self._data = np.array(d)
        return self._data

    def _share_storage(self, view, op, params):
        """Make ``view`` (made by view op ``op``) alias this tensor's storage."""
        if not np.may_share_memory(view._data, self._data):
            return  # numpy had to copy (reshape of a non-contiguous tensor)
        view._vc = self._version_counter()
        view._inference = self._inference   # a view is an inference tensor when its base is
        view._base = self._base if self._base is not None else self
        view._view_chain = self._view_chain + ((op, params),)

    @property
    def data(self):
        t = Tensor._make(self._ensure_array())
        t._inference = self._inference
        return t

    @data.setter
    def data(self, value):
        self._data = value._data
        data_replaced(self)

    def detach(self):
        t = Tensor._make(self._ensure_array())
        t._inference = self._inference
        t._vc = self._version_counter()
        return t

    def detach_(self):
        if self._base is not None and self._base._rg:
            raise RuntimeError("Can't detach views in-place. Use detach() instead. If you are using "
                               "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view "
                               "is set as True, gradients are views of DDP buckets, and hence detach_() "
                               "cannot be called on these gradients. To fix this error, please refer to "
                               "the Optimizer.zero_grad() function in torch/optim/optimizer.py as the "
                               "solution.")
        self.grad_fn = None
        self._rg = False
        self._output_nr = 0
        return self

    # -- conversion ------------------------------------------------------------------
    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted to Scalar")
        return self._data.reshape(()).item() if isinstance(self._data, np.ndarray) else self._data.item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self, force=False):
        # NOTE: PyTorch refuses only while grad mode is on (a custom Function's forward may call it)
        if self._rg and not force and _grad_state[0]:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return self._ensure_array()

    def __float__(self):
        if self._rg and _grad_state[0]:   # (PyTorch warns only with grad mode on, and once: TORCH_WARN_ONCE)
            warn_once(SCALAR_WARNING)
        return float(self._scalar_value("float"))

    def __int__(self):
        return int(self._scalar_value("int"))

    def __index__(self):
        if self.dtype.category != 1 or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self._data.reshape(()).item())

    def __bool__(self):
        if self._data.size != 1:
            if self._data.size == 0:
                raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._data.reshape(()).item())

    def _scalar_value(self, kind):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return self._data.reshape(()).item()

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return (self[i] for i in range(self._data.shape[0]))

    def __hash__(self):
        return id(self)

    def __repr__(self, *, tensor_contents=None):
        fn = self.grad_fn
        return printing.format_tensor(
            self._data, dtype=self.dtype.name, default_dtype=dtypes.get_default_dtype().name,
            requires_grad=self._rg, grad_fn_name=None if fn is None else type(fn).__name__,
            is_parameter=self._is_param)

    __str__ = __repr__

    def __format__(self, spec):
        if self._data.ndim == 0:
            return format(self.item(), spec)
        return object.__format__(str(self), spec)

    def __deepcopy__(self, memo):
        if self.grad_fn is not None:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) support the "
                               "deepcopy protocol at the moment.  If you were attempting to deepcopy a "
                               "module, this may be because of a torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        t = type(self)._make(np.array(self._data, copy=True))
        t._rg = self._rg
        if t._rg:
            leaf_created(t)
        t._is_param = self._is_param
        if self._grad is not None:
            t._grad = _copy.deepcopy(self._grad, memo)
        # PyTorch's deepcopy copies into a new storage with set_(), which counts as a write
        t._vc = [1] if self._vc is not None and self._vc[0] else None
        memo[id(self)] = t
        return t

    def __copy__(self):
        raise RuntimeError("copy.copy of a Tensor is not supported; use t.clone()")




def is_tensor(x) -> bool:
    return isinstance(x, Tensor)
