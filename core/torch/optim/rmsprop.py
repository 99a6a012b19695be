"""``torch.optim.RMSprop``: PyTorch 2.13's single-tensor update, in its order."""
from __future__ import annotations

import numpy as np

from core.torch.optim import kernels as K
from core.torch.optim.optimizer import Optimizer, check_nonnegative, new_state, assign


class RMSprop(Optimizer):
    """``v = alpha v + (1 - alpha) g g``; centered: ``a = lerp(a, g, 1 - alpha)``, ``v - a a``;
    ``avg = sqrt(.) + eps``; ``buf = m buf + g / avg`` and ``p = p - lr buf``, or ``p = p - lr g / avg``."""

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        check_nonnegative(lr, "learning rate")
        check_nonnegative(eps, "epsilon value")
        check_nonnegative(momentum, "momentum value")
        check_nonnegative(weight_decay, "weight_decay value")
        check_nonnegative(alpha, "alpha value")
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                    "weight_decay": weight_decay, "capturable": capturable, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable}
        super().__init__(params, defaults)

    def _init_state(self, p, state, group):
        dt = np.asarray(p._data).dtype
        state["step"] = new_state(0.0, np.float32)
        state["square_avg"] = new_state(np.zeros_like(p._data), dt)
        if group["momentum"] > 0:
            state["momentum_buffer"] = new_state(np.zeros_like(p._data), dt)
        if group["centered"]:
            state["grad_avg"] = new_state(np.zeros_like(p._data), dt)

    def _update(self, param, grad, state, group):
        alpha, lr = group["alpha"], group["lr"]
        assign(state["step"], np.float32(state["step"]._data) + np.float32(1))
        if group["weight_decay"] != 0:
            grad = K.add(grad, param, group["weight_decay"])
        square_avg = state["square_avg"]
        assign(square_avg, K.addcmul(K.mul(square_avg._data, alpha), grad, grad, 1 - alpha))
        if group["centered"]:
            grad_avg = state["grad_avg"]
            assign(grad_avg, K.lerp(grad_avg._data, grad, 1 - alpha))
            avg = np.sqrt(K.addcmul(square_avg._data, grad_avg._data, grad_avg._data, -1))
        else:
            avg = np.sqrt(square_avg._data)
        avg = K.add_scalar(avg, group["eps"])
        if group["momentum"] > 0:
            buf = state["momentum_buffer"]
            assign(buf, K.addcdiv(K.mul(buf._data, group["momentum"]), grad, avg))
            return K.add(param, buf._data, -lr)
        return K.addcdiv(param, grad, avg, -lr)
