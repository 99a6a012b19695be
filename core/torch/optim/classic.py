"""``torch.optim.Rprop``, ``Adamax`` and ``ASGD``: PyTorch 2.13's single-tensor updates, in its order.

Rprop: each weight's own step size grows by ``etas[1]`` while its gradient keeps its sign, shrinks by
``etas[0]`` when the sign flips (that step skipped), clamped to ``step_sizes``; ``p -= sign(g) * step``.
Adamax: ``m = lerp(m, g, 1 - beta1)``, ``u = max(beta2 u, |g| + eps)``, ``p -= lr / (1 - beta1^t) * m / u``.
ASGD: ``p = p (1 - lambd eta) - eta g``, the average ``ax`` of the iterates from step ``t0`` on, and
``eta = lr / (1 + lambd lr t)^alpha``; eta and mu are float32 state tensors, read back as Python floats.
"""
from __future__ import annotations

import numpy as np

from core.torch.optim import kernels as K
from core.torch.optim.optimizer import Optimizer, assign, check_adam_like, check_nonnegative, new_state

_F32 = np.float32


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):
        check_nonnegative(lr, "learning rate")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable, "capturable": capturable}
        super().__init__(params, defaults)

    def _init_state(self, p, state, group):
        dt = np.asarray(p._data).dtype
        state["step"] = new_state(0.0, _F32)
        state["prev"] = new_state(np.zeros_like(p._data), dt)
        state["step_size"] = new_state(np.full_like(p._data, group["lr"]), dt)

    def _update(self, param, grad, state, group):
        assign(state["step"], _F32(state["step"]._data) + _F32(1))
        etaminus, etaplus = (K.scalar(e, param) for e in group["etas"])
        low, high = group["step_sizes"]
        prev, step_size = state["prev"], state["step_size"]
        sign = np.sign(grad * prev._data)
        sign = np.where(sign > 0, etaplus, np.where(sign < 0, etaminus, sign.dtype.type(1))).astype(param.dtype)
        assign(step_size, np.clip(step_size._data * sign, K.scalar(low, param), K.scalar(high, param)))
        grad = np.where(sign == etaminus, grad.dtype.type(0), grad)
        new = K.addcmul(param, np.sign(grad), step_size._data, -1)
        assign(prev, grad)
        return new


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):
        check_adam_like(lr, betas, eps, weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "capturable": capturable}
        super().__init__(params, defaults)

    def _init_state(self, p, state, group):
        dt = np.asarray(p._data).dtype
        state["step"] = new_state(0.0, _F32)
        state["exp_avg"] = new_state(np.zeros_like(p._data), dt)
        state["exp_inf"] = new_state(np.zeros_like(p._data), dt)

    def _update(self, param, grad, state, group):
        assign(state["step"], _F32(state["step"]._data) + _F32(1))
        beta1, beta2 = group["betas"]
        if group["weight_decay"] != 0:
            grad = K.add(grad, param, group["weight_decay"])
        assign(state["exp_avg"], K.lerp(state["exp_avg"]._data, grad, 1 - beta1))
        assign(state["exp_inf"], np.maximum(K.mul(state["exp_inf"]._data, beta2), K.add_scalar(np.abs(grad),
                                                                                                 group["eps"])))
        clr = group["lr"] / (1 - beta1 ** float(state["step"]._data))
        return K.addcdiv(param, state["exp_avg"]._data, state["exp_inf"]._data, -clr)


class ASGD(Optimizer):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False, differentiable=False, capturable=False):
        check_nonnegative(lr, "learning rate")
        check_nonnegative(weight_decay, "weight_decay value")
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0, "weight_decay": weight_decay,
                    "foreach": foreach, "maximize": maximize, "differentiable": differentiable,
                    "capturable": capturable}
        super().__init__(params, defaults)

    def _init_state(self, p, state, group):
        state["step"] = new_state(0.0, _F32)
        state["eta"] = new_state(group["lr"], _F32)
        state["mu"] = new_state(1.0, _F32)
        state["ax"] = new_state(np.zeros_like(p._data), np.asarray(p._data).dtype)

    def _update(self, param, grad, state, group):
        assign(state["step"], _F32(state["step"]._data) + _F32(1))
        if group["weight_decay"] != 0:
            grad = K.add(grad, param, group["weight_decay"])
        eta = float(state["eta"]._data)
        new = K.mul(param, 1 - group["lambd"] * eta)
        new = K.add(new, grad, -eta)
        mu = state["mu"]._data
        if float(mu) != 1:
            ax = state["ax"]._data
            assign(state["ax"], ax + (new - ax) * mu.astype(ax.dtype))
        else:
            assign(state["ax"], new)
        step = float(state["step"]._data)
        lr, lambd = group["lr"], group["lambd"]
        assign(state["eta"], lr / ((1 + lambd * lr * step) ** group["alpha"]))
        assign(state["mu"], 1 / max(1, step - group["t0"]))
        return new
