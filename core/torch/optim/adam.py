"""``torch.optim.Adam`` and ``AdamW``: PyTorch 2.13's single-tensor update, in its order.

Per step ``t``: ``m = lerp(m, g, 1 - beta1)``, ``v = beta2 v + (1 - beta2) g g``,
``denom = sqrt(v) / sqrt(1 - beta2^t) + eps`` (with amsgrad the running maximum of v),
``p = p + (-lr / (1 - beta1^t)) m / denom``; the bias corrections are Python floats.
AdamW first scales ``p`` by ``1 - lr wd`` instead of adding ``wd p`` to the gradient.
"""
from __future__ import annotations

import numpy as np

from core.torch.optim import kernels as K
from core.torch.optim.optimizer import Optimizer, assign, check_adam_like, new_state


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        check_adam_like(lr, betas, eps, weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize, "foreach": foreach, "capturable": capturable,
                    "differentiable": differentiable, "fused": fused,
                    "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)

    def _init_state(self, p, state, group):
        dt = np.asarray(p._data).dtype
        state["step"] = new_state(0.0, np.float32)
        state["exp_avg"] = new_state(np.zeros_like(p._data), dt)
        state["exp_avg_sq"] = new_state(np.zeros_like(p._data), dt)
        if group["amsgrad"]:
            state["max_exp_avg_sq"] = new_state(np.zeros_like(p._data), dt)

    def _update(self, param, grad, state, group):
        lr, (beta1, beta2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
        step_t = state["step"]
        assign(step_t, np.float32(step_t._data) + np.float32(1))
        if wd != 0:
            if group["decoupled_weight_decay"]:
                param = K.mul(param, 1 - lr * wd)
            else:
                grad = K.add(grad, param, wd)
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        assign(exp_avg, K.lerp(exp_avg._data, grad, 1 - beta1))
        assign(exp_avg_sq, K.addcmul(K.mul(exp_avg_sq._data, beta2), grad, grad, 1 - beta2))
        step = float(step_t._data)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = bias_correction2 ** 0.5
        second = exp_avg_sq._data
        if group["amsgrad"]:
            biggest = state["max_exp_avg_sq"]
            assign(biggest, np.maximum(biggest._data, second))
            second = biggest._data
        denom = K.add_scalar(K.div(np.sqrt(second), bias_correction2_sqrt), eps)
        return K.addcdiv(param, exp_avg._data, denom, -step_size)


class AdamW(Adam):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)
