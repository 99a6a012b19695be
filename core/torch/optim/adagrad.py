"""``torch.optim.Adagrad``: PyTorch 2.13's single-tensor update, in its order."""
from __future__ import annotations

import numpy as np

from core.torch.optim import kernels as K
from core.torch.optim.optimizer import Optimizer, check_nonnegative, new_state, assign


class Adagrad(Optimizer):
    """``s = s + g g``; ``p = p - clr g / (sqrt(s) + eps)`` with ``clr = lr / (1 + (t - 1) lr_decay)``."""

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        check_nonnegative(lr, "learning rate")
        check_nonnegative(lr_decay, "lr_decay value")
        check_nonnegative(weight_decay, "weight_decay value")
        check_nonnegative(initial_accumulator_value, "initial_accumulator_value value")
        check_nonnegative(eps, "epsilon value")
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "fused": fused}
        super().__init__(params, defaults)
        # NOTE: Adagrad makes its state when it is built, not at the first step
        for group in self.param_groups:
            for p in group["params"]:
                self._init_state(p, self.state[p], group)

    def _init_state(self, p, state, group):
        dt = np.asarray(p._data).dtype
        state["step"] = new_state(0.0, np.float32)
        state["sum"] = new_state(np.full_like(p._data, group["initial_accumulator_value"]), dt)

    def _update(self, param, grad, state, group):
        assign(state["step"], np.float32(state["step"]._data) + np.float32(1))
        step = float(state["step"]._data)
        if group["weight_decay"] != 0:
            grad = K.add(grad, param, group["weight_decay"])
        clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
        total = state["sum"]
        assign(total, K.addcmul(total._data, grad, grad, 1))
        std = K.add_scalar(np.sqrt(total._data), group["eps"])
        return K.addcdiv(param, grad, std, -clr)
