"""``torch.optim.SGD``: PyTorch 2.13's single-tensor update, rounded as its kernels round it."""
from __future__ import annotations

from core.torch.optim import kernels as K
from core.torch.optim.optimizer import Optimizer, check_nonnegative, new_state, assign


class SGD(Optimizer):
    """``g = grad (+ wd p)``; with momentum ``buf = m buf + (1 - dampening) g`` (``buf = g`` the
    first time), ``g = g + m buf`` (nesterov) or ``buf``; ``p = p - lr g``."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False, fused=None):
        check_nonnegative(lr, "learning rate")
        check_nonnegative(momentum, "momentum value")
        check_nonnegative(weight_decay, "weight_decay value")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening, "weight_decay": weight_decay,
                    "nesterov": nesterov, "maximize": maximize, "foreach": foreach,
                    "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def _init_state(self, p, state, group):
        pass

    def _update(self, param, grad, state, group):
        if group["weight_decay"] != 0:
            grad = K.add(grad, param, group["weight_decay"])
        momentum = group["momentum"]
        if momentum != 0:
            buf = state.get("momentum_buffer")
            if buf is None:
                state["momentum_buffer"] = buf = new_state(grad, param.dtype)
            else:
                assign(buf, K.add(K.mul(buf._data, momentum), grad, 1 - group["dampening"]))
            if group["nesterov"]:
                grad = K.add(grad, buf._data, momentum)
            else:
                grad = buf._data
        return K.add(param, grad, -group["lr"])
