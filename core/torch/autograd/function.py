"""``torch.autograd.Function``: a forward and a backward the program writes itself.

``MyExp.apply(x)`` runs the program's ``forward(ctx, x)`` with grad mode off
(as PyTorch does), then gives its output a grad_fn of its own, a
``MyExpBackward`` node.  When the engine reaches that node it calls the
program's ``backward(ctx, grad_output)``; the gradients it returns are
checked as PyTorch checks them (how many, which are None, their shapes) and
summed down to each input's shape.

The program's forward and backward reach this module as plain callables
(:func:`apply_function`): the interpreter turns a program class into them, and
a Python subclass of :class:`Function` (the project's own tests) does the
same through :meth:`Function.apply`.  The observers of the forward are told
where a custom forward begins and ends (``begin_custom``/``end_custom``), so
the symbolic witness traces the forward the program wrote and can tell what
gradient it implies, beside the one the program's backward sends.

A forward may return several tensors: they share one node, whose gradients
arrive in one slot per output (:class:`~core.tensor.node.GradSlots`);
outputs marked non-differentiable get no grad_fn, and an output no gradient
reached gives the backward zeros (unless ``ctx.set_materialize_grads(False)``).
An input the forward changed in place and marked with ``ctx.mark_dirty`` is
returned as itself, its version bumped, its history now the Function's node.
"""
from __future__ import annotations

import numpy as np

from core import context
from core.ops.registry import edge_of
from core.ops.vjp import TensorF, shape_gradients
from core.tensor import grad_mode
from core.tensor.node import SECOND_BACKWARD, GradSlots, Node, _seq
from core.tensor.tensor import Tensor


class _PublicNames:
    """Every name without a leading underscore: what a program may read and set on a ctx."""

    def __contains__(self, name) -> bool:
        return isinstance(name, str) and not name.startswith("_")


class FunctionCtx:
    """The ``ctx`` a custom forward and backward share: saved tensors, flags,
    and any attribute the program sets on it."""

    # the interpreter's attribute policy (core.interp.sandbox): public names only
    _bpl_public = _bpl_settable = _PublicNames()

    def __init__(self, needs_input_grad=()):
        self.needs_input_grad = tuple(needs_input_grad)
        self._to_save = ()
        self._non_differentiable = ()
        self._dirty = ()
        self._materialize_grads = True
        self._node = None

    def save_for_backward(self, *tensors):
        # NOTE: PyTorch checks what was saved only when it builds the node (an input requires grad)
        self._to_save = tensors

    def _check_saved(self):
        for k, t in enumerate(self._to_save):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save variables, but argument {k} is of type "
                                f"{type(t).__name__}")

    @property
    def saved_tensors(self):
        node = self._node
        if node is None:
            return tuple(self._to_save)
        if node._released:
            raise RuntimeError(SECOND_BACKWARD)
        out = []
        for t, saved in zip(node._saved, node._versions):
            if t is not None:
                # NOTE: PyTorch names the tensor by its grad_fn now (after the in-place op), not at saving
                node._check_version(t, (saved[0], t.grad_fn, t._output_nr))
            out.append(t)
        return tuple(out)

    def mark_non_differentiable(self, *tensors):
        self._non_differentiable = tensors

    def set_materialize_grads(self, value):
        self._materialize_grads = bool(value)

    def mark_dirty(self, *tensors):
        self._dirty = tensors


DIRTY_LEAF = "a leaf Variable that requires grad has been used in an in-place operation."
DIRTY_NOT_RETURNED = ("Some elements marked as dirty during the forward method were not returned as output. The "
                      "inputs that are modified inplace must all be outputs of the Function.")


def _mark_dirty_outputs(ctx, outs, tracked):
    """PyTorch's handling of ``ctx.mark_dirty``: each dirty tensor's version is bumped (the write the forward
    made), a leaf that requires grad is refused, and every dirty tensor must be an output."""
    for t in ctx._dirty:
        t._bump_version()
    if tracked and any(t._rg and t.grad_fn is None for t in ctx._dirty):
        raise RuntimeError(DIRTY_LEAF)
    if not all(any(t is o for o in outs) for t in ctx._dirty):
        raise RuntimeError(DIRTY_NOT_RETURNED)


class CustomBackward(Node):
    """The grad_fn of a custom Function's output; one subclass per Function
    name (``MyExpBackward``), as in PyTorch."""

    ctx: FunctionCtx = None
    backward_fn = None
    # what the symbolic witness found the program's forward implies (set by an observer):
    # one matrix per input, d out / d input at the forward's values, or None
    local_jacobians = None

    def apply_custom(self, g, F):
        ctx = self.ctx
        tensor_mode = F is TensorF
        arriving = list(g) if isinstance(g, GradSlots) else [g]
        grads_in = []
        for x, (shape, dt) in zip(arriving, self._out_meta):
            if x is None and ctx._materialize_grads:
                x = np.zeros(shape, dtype=dt)   # an output nothing flowed into gets zeros (PyTorch)
                x = Tensor._make(x) if tensor_mode else x
            grads_in.append(None if x is None else x if tensor_mode else Tensor._make(x))
        result = self.backward_fn(ctx, *grads_in)
        grads = result if isinstance(result, tuple) else (result,)
        n = len(self.next_functions)
        name = self.name()
        if len(grads) != n:
            # PyTorch forgives extra trailing Nones only
            if len(grads) > n and all(x is None for x in grads[n:]):
                grads = grads[:n]
            else:
                raise RuntimeError(f"function {name} returned an incorrect number of gradients (expected {n}, "
                                   f"got {len(grads)})")
        out = []
        for k, (x, meta) in enumerate(zip(grads, self._in_meta)):
            if x is not None and not isinstance(x, Tensor):
                raise RuntimeError(f"expected Variable or None (got {type(x).__name__})")
            if meta is None:
                if x is not None:
                    raise RuntimeError(f"function {name} returned a gradient different than None at position "
                                       f"{k + 1}, but the corresponding forward input was not a Variable")
                out.append(None)
                continue
            out.append(None if x is None else (x if tensor_mode else x._data))
        return shape_gradients(self, out, F)

    def apply(self, *grads):
        """``y.grad_fn.apply(g)``: the program's backward called directly, as PyTorch's
        BackwardCFunction.apply does (what it returns, unchecked, in the current grad mode)."""
        return self.backward_fn(self.ctx, *grads)

    def __call__(self, *grads):
        raise TypeError(f"'{type(self).__name__}' object is not callable")

    def __repr__(self):
        return f"<torch.autograd.function.{type(self).__name__} object at {hex(id(self))}>"

    def release(self):
        if self._has_saved:
            self._saved = None
            self._released = True


_classes: dict[str, type] = {}


def _node_class(name: str) -> type:
    cls = _classes.get(name)
    if cls is None:
        cls = _classes[name] = type(name + "Backward", (CustomBackward,), {})
    return cls


def apply_function(name: str, forward, backward, args, kwargs=None, setup_context=None):
    """``Name.apply(*args)``: ``forward(ctx, *args)`` under no_grad, its output
    given a ``NameBackward`` node that calls ``backward(ctx, *grads)``.  With
    ``setup_context`` (PyTorch 2's style, when the Function defines one), the forward
    takes no ctx: ``forward(*args)``, then ``setup_context(ctx, args, output)``, both
    under no_grad."""
    if kwargs:
        key = next(iter(kwargs))
        raise TypeError(f"forward() got an unexpected keyword argument '{key}'")
    needs = tuple(isinstance(a, Tensor) and a._rg for a in args)
    ctx = FunctionCtx(needs)
    tracked = grad_mode._state[0] and any(needs)
    watchers = context.observers[0]
    tokens = [w.begin_custom(args) for w in watchers] if tracked else []
    context.custom_forward[0] += 1
    try:
        with grad_mode.no_grad():
            if setup_context is None:
                out = forward(ctx, *args)
            else:
                out = forward(*args)
                setup_context(ctx, tuple(args), out)
    finally:
        context.custom_forward[0] -= 1
    several = isinstance(out, tuple)
    outs = list(out) if several else [out]
    if ctx._dirty:
        _mark_dirty_outputs(ctx, outs, tracked)
    if not tracked or not any(isinstance(o, Tensor) for o in outs):
        return out
    for k, o in enumerate(outs):
        if isinstance(o, Tensor) and any(o is a for a in args) and not any(o is t for t in ctx._dirty):
            # PyTorch returns a new tensor that shares the input's numbers (and version counter)
            alias = Tensor._make(o._ensure_array())
            alias._vc = o._version_counter()
            alias._sym = o._sym   # the same value, symbolically too
            outs[k] = alias
    ctx._check_saved()
    node = _node_class(name)()
    node._seq = next(_seq)
    node.ctx = ctx
    node.backward_fn = backward
    edges, meta = [], []
    for a, need in zip(args, needs):
        if isinstance(a, Tensor):
            edges.append(edge_of(a) if need else (None, 0))
            meta.append((np.shape(a._data), a._data.dtype))
        else:
            edges.append((None, 0))
            meta.append(None)
    node.next_functions = tuple(edges)
    node._in_meta = tuple(meta)
    saved = tuple(ctx._to_save)
    node._saved = saved
    node._versions = tuple(None if t is None else (t._version_counter()[0], t.grad_fn, t._output_nr)
                           for t in saved)
    node._has_saved = bool(saved)
    ctx._node = node
    node._n_outputs = len(outs)
    node._out_meta = tuple((np.shape(o._data), o._data.dtype) if isinstance(o, Tensor) else ((), np.float32)
                           for o in outs)
    for k, o in enumerate(outs):
        if not isinstance(o, Tensor) or any(o is t for t in ctx._non_differentiable):
            continue
        o.grad_fn = node
        o._rg = True
        o._output_nr = k
    for w, token in zip(watchers, tokens):
        w.end_custom(token, args, tuple(o for o in outs if isinstance(o, Tensor)), node)
    return tuple(outs) if several else outs[0]


class Function:
    """Base of a custom autograd function written in Python (the project's
    tests): ``forward`` and ``backward`` are static methods, ``apply`` runs them."""

    @classmethod
    def apply(cls, *args, **kwargs):
        own = cls.setup_context is not Function.setup_context
        return apply_function(cls.__name__, cls.forward, cls.backward, args, kwargs,
                              cls.setup_context if own else None)

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def forward(ctx, *args):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grads):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")
