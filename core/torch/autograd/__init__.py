"""``torch.autograd``: backward, grad, Variable, grad-mode managers, functional."""
from __future__ import annotations

from core import context
from core.autograd.engine import accumulate_grad, backward, grad
from core.tensor.grad_mode import enable_grad, no_grad, set_grad_enabled
from core.tensor.node import AccumulateGrad, GradSlots, Node
from core.ops.vjp import TensorF, node_apply
from core.torch.creation import Variable
from core.torch.autograd import function, functional
from core.torch.autograd.gradcheck import gradcheck
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


class graph:
    """``torch.autograd.graph``: the Node type of grad_fn objects, saved_tensors_hooks."""

    Node = Node
    saved_tensors_hooks = saved_tensors_hooks


def set_detect_anomaly(mode, check_nan=True):
    return None


__all__ = ["backward", "grad", "gradcheck", "Variable", "no_grad", "enable_grad", "set_grad_enabled", "functional", "function",
           "Function"]
