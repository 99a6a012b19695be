"""Shadow symbolic evaluation: while it is on, every op result also gets
``_sym``, an object array of symengine expressions, next to its numbers.

Leaves that require grad get one fresh symbol per element; tensors without
``_sym`` are constants (their numbers).  Results of ops under ``no_grad`` are
constants, as they are for autograd.  Views get views of their base's
``_sym``, so an in-place write through a view (``y[0, 0] = ...``) lands in
the base's expressions as it lands in its numbers.

The engine calls the hooks of :class:`~core.context.Observer` here
(``on_leaf``, ``on_apply``, ``inplace_value``, ``after_inplace``) only while a
:class:`Shadow` is active, so a normal run pays one list read.
"""
from __future__ import annotations

import time

import numpy as np
import symengine as se

from core import context
from core.context import Observer
from core.ops.inplace import _replay_numpy
from core.symbolic.forward import symbolic_forward
from core.symbolic.jacobian import jacobian
from core.symbolic.numbers import const
from core.tensor import grad_mode
from core.tensor.tensor import Tensor


# What the shadow may spend on one capture run.  Building expressions cannot be interrupted in the
# middle of an op (symengine's loops do not return to Python), so the size of each op is judged
# before it is followed, and the time of those followed is added up.  Past either, the shadow
# stops (:attr:`Shadow.over`) and the analysis rests on its numeric witnesses.
MAX_ELEMENTS = 20_000     # elements of any one tensor followed in symbols (a leaf, an operand, a result)
MAX_SECONDS = 3.0         # time spent building expressions during one run
# ops followed in all: a chain of 2,000 sin is differentiated in 2 s and 250 MB, and the cost grows with
# the square of the depth (20,000 took 96 s and 12 GB)
MAX_OPS = 2_000


class Shadow(Observer):
    """One symbolic evaluation: its leaves and their symbols."""

    def __init__(self, max_elements: int | None = None, max_seconds: float | None = None, max_ops: int | None = None):
        self.leaves = []        # (tensor, object array of symbols)
        self._count = 0
        self.max_elements = MAX_ELEMENTS if max_elements is None else max_elements
        self.max_seconds = MAX_SECONDS if max_seconds is None else max_seconds
        self.max_ops = MAX_OPS if max_ops is None else max_ops
        self.seconds = 0.0      # spent building expressions so far
        self.ops = 0            # ops followed so far
        # why the shadow stopped following the program, or None: {"reason": "elements" | "ops" | "seconds" |
        # "data_replaced", "op": the op's name (or "leaf", "data"), "elements": the largest tensor it involved}
        self.over: dict | None = None
        self._used: set = set()  # the leaves whose symbols an op has read (by id; self.leaves keeps them alive)

    def _fits(self, what: str, *arrays) -> bool:
        """Whether an op (or a new leaf) on ``arrays`` is still followed; stops the shadow when not."""
        if self.over is not None:
            return False
        largest = max((int(np.size(a)) for a in arrays), default=0)
        if largest > self.max_elements:
            self.over = {"reason": "elements", "op": what, "elements": largest}
        elif self.ops >= self.max_ops:
            self.over = {"reason": "ops", "op": what, "elements": largest}
        elif self.seconds > self.max_seconds:
            self.over = {"reason": "seconds", "op": what, "elements": largest}
        return self.over is None

    def _timed(self, f, *args):
        self.ops += 1
        start = time.monotonic()
        try:
            return f(*args)
        finally:
            self.seconds += time.monotonic() - start

    # -- hooks ----------------------------------------------------------------------
    def on_leaf(self, t):
        """``t`` became a leaf that requires grad: give it fresh symbols (not a complex one: the Jacobian is
        over real numbers, and the analysis refuses a graph of complex tensors)."""
        if t._data.dtype.kind == "c" or not self._fits("leaf", t._data):
            return
        t._sym = self._symbols(t)
        self.leaves.append((t, t._sym))

    def _symbols(self, t):
        """Fresh symbols ``L<k>_<i>`` for the elements of leaf ``t``."""
        k = self._count
        self._count += 1
        shape = np.shape(t._data)
        flat = [se.Symbol(f"L{k}_{i}") for i in range(int(np.prod(shape)) if shape else 1)]
        syms = np.empty(len(flat), dtype=object)
        syms[:] = flat
        return syms.reshape(shape)

    def on_data_replaced(self, t):
        """``t.data = ...``: a leaf keeps its symbols for new numbers of its shape.  Given another shape
        (``linear.bias.data = torch.Tensor([0.0])``), it gets new symbols when no op has read the old ones
        yet; else the shadow stops, as its expressions would hold the leaf in two shapes."""
        if t._sym is None or self.over is not None or np.shape(t._sym) == np.shape(t._data):
            return
        index = next((i for i, (leaf, _) in enumerate(self.leaves) if leaf is t), None)
        if index is None or id(t) in self._used or not self._fits("leaf", t._data):
            if self.over is None:
                self.over = {"reason": "data_replaced", "op": "data", "elements": int(np.size(t._data))}
            return
        t._sym = self._symbols(t)
        self.leaves[index] = (t, t._sym)

    def on_apply(self, op, inputs, params, result):
        if self.over is not None or not _tracing() or result._data.dtype.kind != "f":
            return
        if not _any_symbolic(inputs):
            return
        if not self._fits(op.name, result._data, *(x._data for x in inputs if isinstance(x, Tensor))):
            return
        s, n, any_sym = self._operands(inputs)
        if any_sym:
            result._sym = self._timed(symbolic_forward, op, s, n, params)

    def inplace_value(self, op, t, others, params, arrays):
        """The symbolic value ``t`` will hold after an in-place op (before the write)."""
        inputs = (t,) + tuple(others)
        if self.over is not None or not _tracing() or not _any_symbolic(inputs):
            return None
        if not self._fits(op.name, *(x._data for x in inputs if isinstance(x, Tensor))):
            return None
        s, n, any_sym = self._operands(inputs)
        n = list(arrays)  # the numbers before the write
        return self._timed(symbolic_forward, op, s, n, params)

    def after_inplace(self, t, value):
        """Write the new symbolic value (or the new numbers, as constants)."""
        if self.over is not None:
            return
        if value is None:
            if t._sym is None and not _has_symbolic_base(t):
                return  # a constant stays a constant
            if t._rg and t.grad_fn is None:
                return  # a leaf changed under no_grad keeps its symbols
            value = const(t._data)
        target = ensure_sym(t)
        target[...] = value

    def begin_custom(self, args):
        """A custom Function's forward is traced on fresh symbols of its own inputs
        (``C<k>_<i>``), so that its local derivative can be read off afterwards."""
        token = []
        if not self._fits("custom Function", *(a._data for a in args if isinstance(a, Tensor))):
            return token
        for a in args:
            if isinstance(a, Tensor) and a._rg:
                k = self._count
                self._count += 1
                shape = np.shape(a._data)
                local = np.empty(int(np.prod(shape)) if shape else 1, dtype=object)
                local[:] = [se.Symbol(f"C{k}_{i}") for i in range(local.size)]
                token.append((a, a._sym, ensure_sym(a).copy(), local.reshape(shape)))
                a._sym = local.reshape(shape)
        return token

    def end_custom(self, token, args, outs, node):
        """Put the inputs' own expressions back, write the outputs' in terms of them,
        and give the node the local Jacobians its forward implies (one output, small ones only)."""
        mapping = {}
        for a, before, value, local in token:
            a._sym = before
            mapping.update(zip(local.ravel(), value.ravel()))
        if self.over is not None:
            return
        for out in outs:
            if out._sym is not None:
                flat = [e.xreplace(mapping) if hasattr(e, "xreplace") else e for e in np.asarray(out._sym).ravel()]
                whole = np.empty(len(flat), dtype=object)
                whole[:] = flat
                local_out, out._sym = out._sym, whole.reshape(np.shape(out._sym))
        if len(outs) != 1 or outs[0]._sym is None:
            return
        out = outs[0]
        # one Jacobian call for every input that fits, evaluated at the numbers of the
        # leaves and of the custom inputs (the forward may read a tensor it closes over)
        fits = [t for t in token if out._data.size * t[0]._data.size <= MAX_LOCAL_JACOBIAN]
        values = {s: se.RealDouble(float(x)) for t, syms in self.leaves
                  for s, x in zip(np.asarray(syms).ravel(), np.asarray(t._data, dtype=np.float64).ravel())}
        values.update({s: se.RealDouble(float(x)) for t in token
                       for s, x in zip(t[3].ravel(), np.asarray(t[0]._data, dtype=np.float64).ravel())})
        numeric, _ = jacobian(local_out, [t[3] for t in fits], values) if fits else ([], None)
        found = {id(t[0]): J.reshape(out._data.size, t[0]._data.size) for t, J in zip(fits, numeric)}
        jacobians = [found.get(id(a)) for a in args]
        node.local_jacobians = jacobians

    # -- helpers ---------------------------------------------------------------------
    def _operands(self, inputs):
        """The inputs' expressions and numbers for an op followed symbolically; the tensors whose symbols
        it reads (a view's: its base's) are noted as used (:meth:`on_data_replaced`)."""
        s, n = [], []
        any_sym = False
        for x in inputs:
            if isinstance(x, Tensor):
                n.append(x._data)
                if x._sym is not None:
                    any_sym = True
                    self._used.add(id(x))
                    s.append(x._sym)
                elif _has_symbolic_base(x):
                    any_sym = True
                    self._used.add(id(x._base))
                    s.append(ensure_sym(x))
                else:
                    s.append(None)
            else:
                n.append(x)
                s.append(x)
        if any_sym:
            s = [const(x._data) if v is None and isinstance(x, Tensor) else v for v, x in zip(s, inputs)]
        return s, n, any_sym


def _any_symbolic(inputs) -> bool:
    """Whether any input is a tensor with expressions (its own or its base's)."""
    return any(isinstance(x, Tensor) and (x._sym is not None or _has_symbolic_base(x)) for x in inputs)


def _has_symbolic_base(t) -> bool:
    b = t._base
    return b is not None and b._sym is not None


def ensure_sym(t) -> np.ndarray:
    """``t._sym``, made from its numbers if it had none (a view's from its base's)."""
    if t._sym is not None:
        return t._sym
    base = t._base
    if base is not None:
        if base._sym is None:
            base._sym = const(base._data)
        t._sym = np.asarray(_replay_numpy(base._sym, t._view_chain), dtype=object)
    else:
        t._sym = const(t._data)
    return t._sym


# the largest local Jacobian of a custom Function kept for the step inspector (entries)
MAX_LOCAL_JACOBIAN = 4096


def _tracing() -> bool:
    """Whether an op's result is traced: grad mode on, or inside a custom Function's
    forward (which PyTorch runs with grad mode off)."""
    return grad_mode._state[0] or context.custom_forward[0] > 0
