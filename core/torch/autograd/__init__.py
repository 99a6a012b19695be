"""``torch.autograd``: backward, grad, Variable, grad-mode managers, functional."""
from __future__ import annotations

import warnings

from core import context
from core.autograd.engine import accumulate_grad, backward, grad
from core.tensor.grad_mode import enable_grad, no_grad, set_grad_enabled
from core.autograd import engine as _engine
from core.ops.registry import edge_of as _edge_of
from core.tensor.node import AccumulateGrad, GradSlots, Node, RemovableHandle
from core.ops.vjp import TensorF, node_apply
from core.torch.creation import Variable
from core.torch.autograd import function, functional
from core.torch.autograd.gradcheck import gradcheck, gradgradcheck
from core.torch.autograd.function import Function, FunctionCtx


def _call_node(node, *grads):
    """``y.grad_fn(g)``: one node's backward run on ``g`` (one gradient per output), as
    PyTorch's nodes are callable; in the current grad mode, so the results have a graph
    when it is on. A tuple of one gradient per input, or the gradient alone for one input."""
    n = node._n_outputs
    if len(grads) != n:
        raise TypeError(f"expected {n} arguments, got {len(grads)} instead")
    if isinstance(node, AccumulateGrad):
        accumulate_grad(node.variable, grads[0])
        return ()
    out = node_apply(node, grads[0] if n == 1 else GradSlots(grads), TensorF)
    return out[0] if len(out) == 1 else tuple(out)


Node.__call__ = _call_node


class saved_tensors_hooks:
    """``with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):``: every tensor an op saves for
    backward inside the block is given to ``pack_hook`` at once; the backward reads ``unpack_hook(packed)``."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self):
        context.saved_hooks.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc):
        context.saved_hooks.pop()
        return False


OUTSIDE_MUTATION_CONTEXT = ("Trying to backward outside of the 'allow_mutation_on_saved_tensors' contextin which "
                            "the graph was originally recorded.")


class _AllowMutationOnSavedContext:
    """What ``with allow_mutation_on_saved_tensors() as ctx`` gives: the tensors saved inside, by storage (the
    version counter a base shares with its views), and the copies made of them before a write."""

    __module__ = "torch.autograd.graph"   # printed as PyTorch's: <torch.autograd.graph._AllowMutationOnSavedContext ...>

    def __init__(self):
        self.active = True
        self.saved = {}
        self.copies = {}

    def pack(self, t):
        self.saved.setdefault(id(t._version_counter()), []).append(t)
        return t

    def unpack(self, t):
        if not self.active:
            raise AssertionError(OUTSIDE_MUTATION_CONTEXT)
        return self.copies.get(id(t), t)

    def before_write(self, t):
        for s in self.saved.get(id(t._vc), ()) if t._vc is not None else ():
            if id(s) not in self.copies:
                with no_grad():
                    self.copies[id(s)] = s.clone()


class allow_mutation_on_saved_tensors:
    """``with torch.autograd.graph.allow_mutation_on_saved_tensors():`` a tensor saved for backward inside may
    be changed in place: it is copied before the write, and the backward reads the copy (inside the block only)."""

    def __enter__(self):
        self._ctx = _AllowMutationOnSavedContext()
        context.saved_hooks.append((self._ctx.pack, self._ctx.unpack))
        context.before_write.append(self._ctx.before_write)
        return self._ctx

    def __exit__(self, *exc):
        context.saved_hooks.pop()
        context.before_write.remove(self._ctx.before_write)
        self._ctx.active = False
        return False


class _MultiHandle(RemovableHandle):
    """register_multi_grad_hook's handle: ``remove()`` takes out the hook of every tensor."""

    __slots__ = ("_handles",)

    def __init__(self, handles):
        super().__init__(None)
        self._handles = handles

    def remove(self):
        for h in self._handles:
            h.remove()


def register_multi_grad_hook(tensors, fn, *, mode="all"):
    """``fn`` once per backward: with ``mode="all"``, after the gradients of all ``tensors`` that this backward
    computes, given them in order (None for those it does not); with ``mode="any"``, with the first one.  As
    PyTorch does, how many to wait for is decided at the first one: those whose node the backward will run."""
    if mode not in ("all", "any"):
        raise ValueError(f"Expects mode to be one of ('all', 'any') but got {mode}")
    tensors = tuple(tensors)
    if not all(t.requires_grad for t in tensors):
        raise AssertionError("Expected gradient function to be set")
    nodes = [_edge_of(t)[0] for t in tensors]
    counts, buffers, fired = {}, {}, set()

    def inner(idx):
        def hook(grad):
            task_id, will_execute = _engine.current_graph_task()
            if mode == "any":
                if task_id not in fired:
                    fired.add(task_id)
                    fn(grad)
                return None
            seen = counts.get(task_id, 0)
            counts[task_id] = seen + 1
            buffer = buffers.setdefault(task_id, [None] * len(tensors))
            buffer[idx] = grad
            expected = sum(1 for n in nodes if will_execute(n))
            if seen == expected - 1:
                del counts[task_id], buffers[task_id]
                fn(buffer)
            return None
        return hook

    return _MultiHandle(tuple(t.register_hook(inner(i)) for i, t in enumerate(tensors)))


class graph:
    """``torch.autograd.graph``: the Node type of grad_fn objects, saved_tensors_hooks, register_multi_grad_hook."""

    Node = Node
    saved_tensors_hooks = saved_tensors_hooks
    register_multi_grad_hook = staticmethod(register_multi_grad_hook)
    allow_mutation_on_saved_tensors = allow_mutation_on_saved_tensors


ANOMALY_WARNING = ("Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
                   "enabled for debugging.")


class detect_anomaly:
    """``with torch.autograd.detect_anomaly():``: anomaly mode for the block (PyTorch warns when it is made).
    In anomaly mode a backward refuses a node's NaN gradient (``check_nan``) and the in-place error's hint
    changes; PyTorch's warning with the forward's traceback (``Error detected in ...``) is not given here."""

    def __init__(self, check_nan=True):
        warnings.warn(ANOMALY_WARNING, UserWarning, stacklevel=2)
        self.check_nan = bool(check_nan)

    def __enter__(self):
        self.prev = list(context.anomaly)
        context.anomaly[:] = [True, self.check_nan]
        return None

    def __exit__(self, *exc):
        context.anomaly[:] = self.prev
        return False


class set_detect_anomaly:
    """``torch.autograd.set_detect_anomaly(mode, check_nan=True)``: sets anomaly mode at once; as a context
    manager, puts the previous mode back at the end of the block."""

    def __init__(self, mode, check_nan=True):
        self.prev = list(context.anomaly)
        context.anomaly[:] = [bool(mode), bool(check_nan)]

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        context.anomaly[:] = self.prev
        return False


def is_anomaly_enabled():
    return context.anomaly[0]


def is_anomaly_check_nan_enabled():
    return context.anomaly[1]


__all__ = ["backward", "grad", "gradcheck", "gradgradcheck", "Variable", "no_grad", "enable_grad", "set_grad_enabled", "functional", "function",
           "Function"]
