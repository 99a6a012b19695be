"""The op registry: each operation is declared once.

An :class:`OpDef` carries the op's numeric forward (numpy), its vector-Jacobian
product, the grad_fn name PyTorch gives its backward node, what the vjp needs
saved, the dtype rule, its symbolic forward (the independent witness), and how
real PyTorch calls it.

The vjp is written once against a small namespace ``F`` (see
:mod:`core.ops.vjp`): the engine passes a numpy namespace for a plain
backward, and a Tensor namespace under ``create_graph=True``, so the same rule
builds a differentiable graph of the backward.  Tensor methods, operators and
the ``torch`` functions programs call all come down to :func:`apply`.

>>> from core.ops import REGISTRY
>>> REGISTRY["mul"].grad_fn
'MulBackward0'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from core import dtypes
from core.ops import drift, numbers
from core.context import guard as _guard, observers as _observers, saved_hooks as _saved_hooks
from core.tensor import grad_mode
from core.tensor.node import node_class, _seq
from core.tensor.tensor import Tensor

REGISTRY: dict[str, "OpDef"] = {}

_EMPTY: dict = {}
_NO_EDGE = (None, 0)


@dataclass(eq=False)
class OpDef:
    """One operation.

    ``forward(*arrays, **params)`` computes with numpy; it may return
    ``(array, aux)`` when ``has_aux`` (aux is kept on the node, e.g. argmax
    indices).  ``vjp(ctx, g, F)`` returns one gradient (or None) per input;
    broadcasting is undone by the engine (sum to the input's shape), so rules
    may return gradients of the output's shape.  ``needs[i]`` lists the inputs
    that input ``i``'s gradient reads, so only those are saved (and a second
    backward fails only where PyTorch's would).
    """

    name: str
    grad_fn: str
    forward: Callable
    vjp: Callable | None = None
    needs: dict = field(default_factory=dict)
    saves_result: bool = False
    has_aux: bool = False
    aux_saved: bool = False
    dtype_rule: str = "promote"   # promote | float | same | first | bool | int64 | keep
    view: bool = False
    # rule(S, s, n, **params): the symbolic value (core.symbolic.forward.S); see def_symbolic
    symbolic: Callable | None = None
    structural: bool = False      # only moves elements: the numpy forward on object arrays is its symbolic value
    # how real PyTorch computes it (see call); SPECIAL: replayed by core.analysis.pytorch's own code
    pytorch: tuple | str | None = None
    pytorch_inplace: bool = False  # PyTorch has the in-place method NAME_ with the same arguments
    # the surface programs see (core.torch makes it): torch.NAME(input) and Tensor.NAME(), for an op of one
    # input and no parameters; Tensor.NAME_() running it in place
    function: bool = False
    inplace_method: bool = False
    node_name: str | None = None  # what grad_fn.name() says, when it differs from the type name
    input_names: tuple = ("self", "other")   # PyTorch's names, for grad_fn._saved_<name>
    # where PyTorch's backward is not the derivative of the forward: why (a _T text the analysis shows when
    # the op is in the graph it checks; tests/ops_table.py's NOT_THE_DERIVATIVE holds what it adds)
    backward_note: str | None = None
    # PyTorch differentiates it over complex numbers, which the engine does not (no vjp): a node is recorded,
    # named as PyTorch names it, and a backward pass that reaches it is refused (core.autograd.engine)
    complex_grad: bool = False
    node_cls: type = field(init=False, repr=False)

    def __post_init__(self):
        self.node_cls = node_class(self.grad_fn, self.node_name, self)

    def def_vjp(self, fn):
        self.vjp = fn
        return fn

    def def_symbolic(self, fn):
        """``fn(S, s, n, **params)``: the op's value on symbolic inputs ``s`` (object
        arrays of expressions) whose numbers are ``n``, written with the namespace
        ``S`` (:class:`core.symbolic.forward.S`).  It never reads the vjp: the
        symbolic Jacobian is an independent witness."""
        self.symbolic = fn
        return fn


SPECIAL = "special"


def call(callee, *args, **kwargs):
    """How PyTorch computes an op, for replaying a recorded forward in real torch:
    ``callee`` is a function under torch ("torch.nn.functional.mse_loss") or
    ".NAME" (a method of the first argument); an argument is an input position
    (int), "*" (all inputs, as one list) or "=param" (that parameter's value; a
    keyword whose parameter is absent is left out)."""
    return (callee, args, kwargs)


def defop(name, grad_fn, **kw):
    """Decorator: register ``forward`` as op ``name``."""
    def deco(forward):
        op = OpDef(name, grad_fn, forward, **kw)
        REGISTRY[name] = op
        return op
    return deco


# ---------------------------------------------------------------------------
# dtype rules
# ---------------------------------------------------------------------------

def _result_dtype(op, inputs):
    """The torch dtype of the result, following PyTorch's promotion."""
    rule = op.dtype_rule
    if rule == "keep":
        return None
    first = inputs[0]
    if rule == "first":
        return first.dtype
    dims, zeros, scalars = [], [], []
    for x in inputs:
        if isinstance(x, Tensor):
            d = dtypes._BY_NP[x._data.dtype]
            (zeros if x._data.ndim == 0 else dims).append(d)
        elif isinstance(x, (bool, int, float, complex)):
            scalars.append(dtypes.scalar_category(x))
    d = dtypes.promote(dims, zeros, scalars)
    if rule == "float" and d.category < 2:
        return dtypes.get_default_dtype()
    if rule == "bool":
        return d  # inputs promoted to d, result is bool (comparisons)
    if rule == "int64":
        return dtypes.int64 if d.category < 2 else d
    return d


def _cast_inputs(inputs, np_dtype):
    out = []
    for x in inputs:
        if isinstance(x, Tensor):
            a = x._data
            out.append(a if a.dtype == np_dtype else a.astype(np_dtype))
        elif type(x) is int:
            # a Python int is a c10::Scalar (int64 or uint64), cast to an integer result as C++ casts it
            numbers.scalar(x)
            out.append(numbers.wrap(x, np_dtype) if np_dtype.kind in "iu" else x)
        elif isinstance(x, np.generic):
            out.append(x.item())   # a numpy number is a Python number to PyTorch (it does not set the dtype)
        else:
            out.append(x)
    return out


# ---------------------------------------------------------------------------
# apply: the one place ops run and graphs grow
# ---------------------------------------------------------------------------

def _fast_arrays(op, inputs, Tensor):
    """The common case without promotion work: a float tensor alone, with a
    Python number, or with a tensor of the same dtype.  None otherwise."""
    if op.dtype_rule == "keep":
        return None
    a = inputs[0]
    if type(a) is not Tensor:
        return None
    ad = a._data.dtype
    if ad.kind != "f":
        return None
    n = len(inputs)
    if n == 1:
        return (a._data,)
    if n == 2:
        b = inputs[1]
        tb = type(b)
        if tb is float or tb is int and -9223372036854775808 <= b <= 9223372036854775807:
            return (a._data, b)
        if tb is Tensor and b._data.dtype is ad:
            return (a._data, b._data)
    return None


def apply(op: OpDef, inputs: tuple, params: dict = _EMPTY):
    """Run ``op`` on ``inputs`` (Tensors and Python scalars) and record a node
    when grad mode is on and an input requires grad."""
    guard = _guard[0]
    if guard is not None:
        guard(op, inputs, params)
    arrays = _fast_arrays(op, inputs, Tensor)
    d = None
    if arrays is None:
        d = _result_dtype(op, inputs)
        if d is None:
            arrays = [x._data if isinstance(x, Tensor) else x for x in inputs]
        else:
            arrays = _cast_inputs(inputs, d.np)
    out = op.forward(*arrays, **params) if params else op.forward(*arrays)
    aux = None
    if op.has_aux:
        out, aux = out
    if not isinstance(out, (np.ndarray, np.generic)):
        out = np.asarray(out) if d is None else np.asarray(out, dtype=d.np)
        if out.ndim == 0:
            out = out[()]
    if drift._marked and drift.any_marked(arrays):
        drift.mark(out)
    result = object.__new__(Tensor)
    result._data = out
    if grad_mode._inference[0]:
        result._inference = True
    if op.view:
        inputs[0]._share_storage(result, op, params)
    if grad_mode._state[0] and (op.vjp is not None or op.complex_grad):
        for x in inputs:
            if isinstance(x, Tensor) and x._rg:
                if out.dtype.kind in "fc":  # integer and bool results never require grad
                    record(op, inputs, params, result, aux)
                break
    watchers = _observers[0]
    if watchers:
        for w in watchers:
            w.on_apply(op, inputs, params, result)
    return result


def edge_of(x):
    """The ``(node, output_nr)`` a gradient for ``x`` flows into."""
    fn = x.grad_fn
    if fn is not None:
        return (fn, x._output_nr)
    if x._rg:
        return (x._grad_accumulator(), 0)
    return _NO_EDGE


def _edge_and_meta(x, Tensor):
    if isinstance(x, Tensor):
        d = x._data
        if x._rg:
            fn = x.grad_fn
            return ((fn, x._output_nr) if fn is not None else (x._grad_accumulator(), 0)), (d.shape, d.dtype)
        return _NO_EDGE, (d.shape, d.dtype)
    return _NO_EDGE, None


def record(op, inputs, params, result, aux=None):
    """Attach a new grad_fn node for ``op`` to ``result``."""
    node = op.node_cls()
    node._seq = next(_seq)
    if params:
        node.params = params
    n = len(inputs)
    if n == 1:
        # the hot path, unrolled: a unary op on a tensor that requires grad
        x = inputs[0]
        d = x._data
        fn = x.grad_fn
        node.next_functions = ((fn, x._output_nr) if fn is not None else (x._grad_accumulator(), 0),)
        node._in_meta = ((d.shape, d.dtype),)
    elif n == 2:
        # binary ops, unrolled for the common tensor-with-number case
        x, y = inputs
        d = x._data
        if x._rg:
            fn = x.grad_fn
            e0 = (fn, x._output_nr) if fn is not None else (x._grad_accumulator(), 0)
        else:
            e0 = _NO_EDGE
        if y.__class__ is float or y.__class__ is int:
            node.next_functions = (e0, _NO_EDGE)
            node._in_meta = ((d.shape, d.dtype), None)
        else:
            e1, m1 = _edge_and_meta(y, Tensor)
            node.next_functions = (e0, e1)
            node._in_meta = ((d.shape, d.dtype), m1)
    else:
        pairs = [_edge_and_meta(x, Tensor) for x in inputs]
        node.next_functions = tuple(e for e, _ in pairs)
        node._in_meta = tuple(m for _, m in pairs)
    if op.needs or op.saves_result or op.aux_saved:
        _save(node, op, inputs, result, Tensor)
    if aux is not None:
        node._aux = aux
    result.grad_fn = node
    result._rg = True
    return node


INFERENCE_SAVED = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in "
    "computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it "
    "in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.")


def _save(node, op, inputs, result, Tensor):
    """Keep what the vjp will read, with each tensor's version and grad_fn now
    (to detect, and name, a later in-place change)."""
    edges = node.next_functions
    saved = [None] * len(inputs)
    versions = [None] * len(inputs)
    any_saved = op.saves_result or op.aux_saved
    order = []   # the order tensors are saved in (saved_tensors_hooks packs them in it)
    for i, deps in op.needs.items():
        if i >= len(edges) or edges[i] is _NO_EDGE:
            continue
        for j in deps:
            y = inputs[j]
            if _saved_hooks and saved[j] is None and isinstance(y, Tensor):
                order.append(j)
            saved[j] = y
            if isinstance(y, Tensor):
                if y._inference:
                    raise RuntimeError(INFERENCE_SAVED)
                vc = y._vc
                versions[j] = (vc[0] if vc is not None else 0, y.grad_fn, y._output_nr)
            any_saved = True
    node._saved = saved
    node._versions = versions
    if op.saves_result:
        node._result = result
        vc = result._vc
        node._result_version = (vc[0] if vc is not None else 0, node, 0)
    node._has_saved = any_saved
    if _saved_hooks:
        _pack(node, saved, order, result if op.saves_result else None)


def _pack(node, saved, order, result):
    """saved_tensors_hooks: each tensor saved goes through the innermost block's pack hook now, and its unpack
    hook when the backward reads it (Node.input, Node.result).  The tensor itself stays in ``_saved`` for the
    app's own views of the graph; the backward reads what unpack gives."""
    pack, unpack = _saved_hooks[-1]
    node._packed = {i: (pack(saved[i]), unpack) for i in order}
    if result is not None:
        node._packed["result"] = (pack(result), unpack)
