"""``torch.autograd``: backward, grad, Variable, grad-mode managers, functional."""
from __future__ import annotations

from core.autograd.engine import backward, grad
from core.tensor.grad_mode import enable_grad, no_grad, set_grad_enabled
from core.tensor.node import Node
from core.torch.creation import Variable
from core.torch.autograd import function, functional
from core.torch.autograd.function import Function, FunctionCtx


class graph:
    """``torch.autograd.graph``: the Node type of grad_fn objects."""

    Node = Node


def set_detect_anomaly(mode, check_nan=True):
    return None


__all__ = ["backward", "grad", "Variable", "no_grad", "enable_grad", "set_grad_enabled", "functional", "function",
           "Function"]
