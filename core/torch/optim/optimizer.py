"""``torch.optim.Optimizer``: parameter groups, per-parameter state, zero_grad, step.

A subclass declares its ``defaults`` (in PyTorch's order: ``state_dict`` and
the groups list them so), checks its arguments with PyTorch's messages, and
writes ``_update(param, grad, state, group)``: numpy arithmetic in PyTorch's
order (:mod:`core.torch.optim.kernels`) returning the parameter's new values.
The base class runs it with grad off for every parameter that has a grad,
and writes the result as ``copy_`` would (version bumped, the run's
observers told).
"""
from __future__ import annotations

import warnings
from collections import defaultdict

import numpy as np

from core.ops.inplace import copy_ as _copy_
from core.tensor.errors import legacy_type_name
from core.tensor.grad_mode import enable_grad, no_grad
from core.tensor.tensor import Tensor


def typename(obj) -> str:
    """``torch.typename``: a tensor's legacy type name, else the class's name."""
    if isinstance(obj, Tensor):
        return legacy_type_name(obj)
    cls = type(obj)
    module = cls.__module__
    return cls.__qualname__ if module in ("builtins", None) else f"{module}.{cls.__qualname__}"


def new_state(values, dtype=None) -> Tensor:
    """A state tensor (momentum buffer, moments, step) holding ``values``."""
    arr = np.array(values, dtype=dtype, copy=True)
    return Tensor._make(arr if arr.ndim else arr[()])


def assign(t: Tensor, values) -> None:
    """Write ``values`` into a state tensor in place (as ``copy_``), bumping its version."""
    if isinstance(t._data, np.ndarray) and t._data.ndim:
        t._data[...] = values
    else:
        t._data = np.asarray(values, dtype=np.asarray(t._data).dtype)[()]
    t._bump_version()


class Optimizer:
    """The base of every optimizer (see the module docstring)."""

    _bpl_public = frozenset({"step", "zero_grad", "param_groups", "state", "defaults", "add_param_group",
                             "state_dict", "load_state_dict"})

    def __init__(self, params, defaults):
        self.defaults = defaults
        self._opt_called = False
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            f"but got {typename(params)}")
        self.state = defaultdict(dict)
        self.param_groups = []
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group).__name__}")
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, but the ordering "
                            "of tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        for p in param_group["params"]:
            if not isinstance(p, Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is " + typename(p))
            if not (p.is_leaf or p.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        ids = [id(p) for p in param_group["params"]]
        if len(ids) != len(set(ids)):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in future, this will "
                          "cause an error; see github.com/pytorch/pytorch/issues/40967 for more information",
                          UserWarning, stacklevel=3)
        taken = {id(p) for g in self.param_groups for p in g["params"]}
        if taken & set(ids):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                else:
                    g = p.grad
                    if g.grad_fn is not None:
                        g.detach_()
                    else:
                        g.requires_grad_(False)
                    with no_grad():
                        g.zero_()

    def step(self, closure=None):
        self._opt_called = True
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        with no_grad():
            for group in self.param_groups:
                self._check_group(group)
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if not state:
                        self._init_state(p, state, group)
                    grad = np.asarray(p.grad._data)
                    if group.get("maximize", False):
                        grad = -grad
                    new = self._update(np.asarray(p._data), grad, state, group)
                    if not state:   # (SGD without momentum keeps no state)
                        del self.state[p]
                    _copy_(p, new_state(new, np.asarray(p._data).dtype))
        return loss

    # -- the subclass's part ----------------------------------------------------------
    def _check_group(self, group):
        """Checks made at each step on a group's settings (the argument checks are in __init__)."""

    def _init_state(self, p, state, group):
        raise NotImplementedError

    def _update(self, param, grad, state, group):
        raise NotImplementedError

    # -- saving ------------------------------------------------------------------------
    def state_dict(self):
        """``{'state': {index: {...}}, 'param_groups': [{..., 'params': [indices]}]}`` as PyTorch
        numbers the parameters (in group order); the state tensors are shared, not copied."""
        index, groups, start = {}, [], 0
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            ids = list(range(start, start + len(group["params"])))
            for i, p in zip(ids, group["params"]):
                index.setdefault(id(p), i)
            packed["params"] = ids
            start += len(ids)
            groups.append(packed)
        state = {index[id(p)]: v for p, v in self.state.items() if id(p) in index}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        groups = state_dict["param_groups"]
        if len(groups) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        for ours, theirs in zip(self.param_groups, groups):
            if len(ours["params"]) != len(theirs["params"]):
                raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                                 "optimizer's group")
        by_index = {}
        for ours, theirs in zip(self.param_groups, groups):
            for p, i in zip(ours["params"], theirs["params"]):
                by_index[i] = p
        self.state = defaultdict(dict)
        for i, st in state_dict["state"].items():
            p = by_index.get(i)
            if p is None:
                continue
            self.state[p] = {k: (new_state(v._data, dtype=v._data.dtype if k == "step" else p._data.dtype)
                                 if isinstance(v, Tensor) else v) for k, v in st.items()}
        for ours, theirs in zip(self.param_groups, groups):
            params = ours["params"]
            ours.clear()
            ours.update({k: v for k, v in theirs.items() if k != "params"})
            ours["params"] = params

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"


def check_nonnegative(value, what):
    if not 0.0 <= value:
        raise ValueError(f"Invalid {what}: {value}")


def check_adam_like(lr, betas, eps, weight_decay):
    """The argument checks of Adam, AdamW and Adamax, in PyTorch's order and words."""
    check_nonnegative(lr, "learning rate")
    check_nonnegative(eps, "epsilon value")
    for i in (0, 1):
        if not 0.0 <= betas[i] < 1.0:
            raise ValueError(f"Invalid beta parameter at index {i}: {betas[i]}")
    check_nonnegative(weight_decay, "weight_decay value")
