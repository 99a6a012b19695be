"""grad_fn nodes: the recorded graph that ``backward()`` walks.

Every op output that requires grad points at a :class:`Node` built from the
op's registry entry.  Each grad_fn name (``MulBackward0``) is its own
subclass, so ``type(t.grad_fn).__name__`` and ``t.grad_fn.name()`` read as in
PyTorch.  A node keeps only what its vjp needs (the ``needs`` table of the op),
and :meth:`Node.release` drops it after a backward without ``retain_graph``.
"""
from __future__ import annotations

import itertools
import weakref

from core.tensor.errors import modified_inplace

SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward.")

_seq = itertools.count()
_hook_ids = itertools.count()


class RemovableHandle:
    """What ``register_hook`` returns: ``remove()`` takes the hook out again."""

    __slots__ = ("_table", "id")

    def __init__(self, table: dict):
        self.id = next(_hook_ids)
        self._table = weakref.ref(table) if table is not None else None

    def remove(self):
        table = self._table() if self._table is not None else None
        if table is not None:
            table.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def add_hook(table: dict, fn) -> RemovableHandle:
    handle = RemovableHandle(table)
    table[handle.id] = fn
    return handle


class _HookTable(dict):
    """A dict that can be weakly referenced by its handles."""

    __slots__ = ("__weakref__",)


class GradSlots(list):
    """The gradients arriving at a node with several outputs (a custom Function's),
    one slot per output (None until one arrives); ``+`` adds slot by slot."""

    @classmethod
    def at(cls, n: int, nr: int, g) -> "GradSlots":
        slots = cls([None] * n)
        slots[nr] = g
        return slots

    def __add__(self, other):
        return GradSlots(a if b is None else b if a is None else a + b for a, b in zip(self, other))


class Node:
    """A backward function in the graph (PyTorch's ``torch.autograd.graph.Node``).

    Attributes set per instance: ``next_functions`` (one ``(node, output_nr)``
    per input), ``_seq`` (creation order: the engine runs later nodes first),
    ``_saved``/``_versions`` (inputs the vjp needs, with their version at save
    time), ``_result`` (the output, for ops whose vjp reads it), ``params``,
    ``_in_meta`` (shape and dtype of each input, to validate gradients).
    """

    op = None  # the OpDef; set on the per-name subclass
    _n_outputs = 1           # a custom Function's node may have more (the engine then keeps GradSlots)
    _released = False
    _has_saved = False
    _result = None
    _aux = None
    # hook tables, created on first use
    _pre_hooks = None        # node pre-hooks: fn(grad_outputs) -> grad_outputs | None
    _post_hooks = None       # node post-hooks: fn(grad_inputs, grad_outputs)
    _tensor_hooks = None     # tensor hooks of the (non-leaf) output: fn(grad) -> grad | None
    _retains = None          # weakref to the output tensor that called retain_grad()
    _hooked = False          # any of the four above is set (one check on the engine's hot path)
    metadata = None
    # the nn.Module call that made this node (core.torch.nn.module.ModuleCall: its path under the
    # top-level module the program called, and which call of that module), set when the call returns;
    # None outside any module call
    module_call = None

    _saved = None
    _packed = None         # saved_tensors_hooks: {input index or "result": (packed, unpack hook)}
    _versions = None
    params: dict = {}

    def name(self) -> str:
        return type(self).__name__

    def __getattr__(self, attr):
        # grad_fn._saved_self, ._saved_other, ._saved_result, as PyTorch exposes them
        if attr.startswith("_saved_") and self.op is not None:
            key = attr[len("_saved_"):]
            if self._released:
                raise RuntimeError(SECOND_BACKWARD)
            if key == "result" and self.op.saves_result:
                # NOTE: PyTorch unpacks a saved output as a new tensor each time (sharing its data, version
                # counter and grad_fn), so that the node holds no reference to it: `_saved_result is y` is False
                r = self._result
                alias = r.detach()
                alias.grad_fn, alias._rg, alias._output_nr = r.grad_fn, r._rg, r._output_nr
                return alias
            names = self.op.input_names
            if key in names and self._saved is not None:
                i = names.index(key)
                if i < len(self._saved):
                    return self._saved[i]
                return None
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")

    def wants(self, i) -> bool:
        """Whether input ``i`` takes a gradient (it has an edge in the graph)."""
        return self.next_functions[i][0] is not None

    def __repr__(self):
        return f"<{type(self).__name__} object at {hex(id(self))}>"

    # -- saved values ----------------------------------------------------------
    def input(self, i, F):
        """Saved input ``i`` as ``F`` wants it (array in the fast path, Tensor
        when building a graph of the backward)."""
        if self._released:
            raise RuntimeError(SECOND_BACKWARD)
        x = self._saved[i]
        saved = self._versions[i]
        if saved is None:
            return x  # a Python scalar (or None)
        if self._packed is not None and i in self._packed:
            return F.saved(_unpacked(self._packed[i]))
        vc = x._vc
        if vc is not None and vc[0] != saved[0]:
            # NOTE: PyTorch names a saved input by the grad_fn it has now (an in-place op rebased it)
            self._check_version(x, (saved[0], x.grad_fn, x._output_nr))
        return F.saved(x)

    def result(self, F):
        if self._released:
            raise RuntimeError(SECOND_BACKWARD)
        r = self._result
        if self._packed is not None and "result" in self._packed:
            return F.saved(_unpacked(self._packed["result"]))
        self._check_version(r, self._result_version)
        return F.saved(r)

    def aux(self):
        if self._released:
            raise RuntimeError(SECOND_BACKWARD)
        return self._aux

    def _check_version(self, t, saved):
        """``saved`` is (version, grad_fn, output_nr) of ``t`` when it was saved."""
        vc = t._vc
        now = vc[0] if vc is not None else 0
        if now != saved[0]:
            raise RuntimeError(modified_inplace(t, now, saved[0], saved[1], saved[2]))

    def release(self):
        """Drop saved tensors (what a backward without retain_graph does)."""
        if self._has_saved:
            self._saved = None
            self._packed = None
            self._result = None
            self._aux = None
            self._released = True

    # -- hooks -----------------------------------------------------------------
    def register_hook(self, fn) -> RemovableHandle:
        if self._post_hooks is None:
            self._post_hooks = _HookTable()
        self._hooked = True
        return add_hook(self._post_hooks, fn)

    def register_prehook(self, fn) -> RemovableHandle:
        if self._pre_hooks is None:
            self._pre_hooks = _HookTable()
        self._hooked = True
        return add_hook(self._pre_hooks, fn)

    def _tensor_hook_table(self):
        if self._tensor_hooks is None:
            self._tensor_hooks = _HookTable()
        self._hooked = True
        return self._tensor_hooks


_node_classes: dict[str, list] = {}


def _unpacked(pair):
    """What a saved_tensors_hooks unpack hook gives for a packed saved tensor (a tensor, PyTorch checks)."""
    packed, unpack = pair
    t = unpack(packed)
    if not hasattr(t, "_data") or not hasattr(t, "grad_fn"):
        raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but got result of type "
                        f"{type(t).__name__}")
    return t


def node_class(name: str, display_name: str | None = None, op=None) -> type:
    """The Node subclass for ``op``, named like PyTorch's grad_fn
    (``MulBackward0``); ``display_name`` is what ``name()`` returns when
    PyTorch's differs (``torch::autograd::CopyBackwards``).  Ops that share a
    grad_fn name get classes of the same name."""
    attrs = {"op": op}
    if display_name is not None:
        attrs["name"] = lambda self: display_name
    cls = type(name, (Node,), attrs)
    _node_classes.setdefault(name, []).append(cls)
    return cls


class AccumulateGrad(Node):
    """The sink of a leaf tensor: adds the arriving gradient into ``.grad``."""

    def __init__(self, variable):
        self.variable = variable
        self.next_functions = ()
        self._seq = float("inf")  # PyTorch runs accumulation as soon as it is ready

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"
