"""``torch.nn``: only ``functional`` (and Parameter) are offered to programs."""
from __future__ import annotations

from core.tensor.tensor import Tensor
from core.context import leaf_created
from core.torch.creation import tensor
from core.torch.nn import functional


def Parameter(data=None, requires_grad=True):
    """``nn.Parameter``: a leaf that requires grad and prints as a Parameter."""
    t = data.detach() if data is not None else tensor([])
    t._rg = bool(requires_grad)
    t._is_param = True
    if t._rg:
        leaf_created(t)
    return t


__all__ = ["functional", "Parameter", "Tensor"]
