"""``torch.nn.init``: PyTorch 2.13's initialisers, drawing the same numbers.

Every initialiser writes in place with grad off (as PyTorch's do: no grad_fn,
the version counter bumped), through the Tensor's random fills of
:mod:`core.torch.inplace_random`; the bounds and standard deviations are
computed in Python floats in PyTorch's order, so ``kaiming_uniform_`` on a
``Linear`` weight after ``manual_seed`` gives PyTorch's weight bit for bit.
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from core.tensor.grad_mode import no_grad
from core.tensor.tensor import Tensor
from core.torch.creation import randperm

_MAX_ROUNDS = 10_000   # trunc_normal_'s rejection rounds before it gives up
_LINEAR_FNS = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
               "conv_transpose3d")


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity: 1 (linear, conv, sigmoid), 5/3 (tanh),
    sqrt(2) (relu), sqrt(2 / (1 + slope^2)) (leaky_relu), 3/4 (selu)."""
    if nonlinearity in _LINEAR_FNS or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif (not isinstance(param, bool) and isinstance(param, int)) or isinstance(param, float):
            slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor):
    """(fan_in, fan_out) of a weight shaped (out, in, *kernel): in x kernel, out x kernel."""
    if tensor.dim() < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    receptive = 1
    for s in tensor.shape[2:]:
        receptive *= s
    return tensor.size(1) * receptive, tensor.size(0) * receptive


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    with no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    with no_grad():
        return tensor.normal_(mean, std, generator=generator)


def constant_(tensor, val):
    with no_grad():
        return tensor.fill_(val)


def ones_(tensor):
    return constant_(tensor, 1.0)


def zeros_(tensor):
    with no_grad():
        return tensor.zero_()


def eye_(tensor):
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with no_grad():
        tensor.copy_(Tensor._make(np.eye(*tensor.shape, dtype=tensor._data.dtype)))
    return tensor


def dirac_(tensor, groups=1):
    """Zeros but a 1 at the kernel's centre of each (group's) matching in/out channel."""
    dims = tensor.dim()
    if dims not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.shape
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    per_group = sizes[0] // groups
    values = np.zeros(sizes, dtype=tensor._data.dtype)
    centre = tuple(s // 2 for s in sizes[2:])
    for g in range(groups):
        for d in range(min(per_group, sizes[1])):
            values[(g * per_group + d, d) + centre] = 1
    with no_grad():
        tensor.copy_(Tensor._make(values))
    return tensor


def xavier_uniform_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def _kaiming_std(tensor, a, mode, nonlinearity):
    fan = _calculate_correct_fan(tensor, mode)
    return calculate_gain(nonlinearity, a) / math.sqrt(fan)


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    """Uniform in +-sqrt(3) gain / sqrt(fan): ``nn.Linear``'s default weight uses a=sqrt(5)."""
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", UserWarning, stacklevel=2)
        return tensor
    bound = math.sqrt(3.0) * _kaiming_std(tensor, a, mode, nonlinearity)
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", UserWarning, stacklevel=2)
        return tensor
    return normal_(tensor, 0, _kaiming_std(tensor, a, mode, nonlinearity), generator)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    """Normals kept inside [a, b], by PyTorch 2.13's two samplers: when [a, b] holds more
    than 30% of the mass, whole fresh normal tensors replace the elements outside until
    none is; otherwise uniforms in [a, b] accepted against the normal's density.

    NOTE: the second sampler compares float32 logs of uniforms; numpy's log may round
    differently from PyTorch's vectorised one in the last place, which could flip an
    acceptance in rare cases (the first sampler, the usual one, is exact)."""
    def cdf(x):
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if mean < a - 2 * std or mean > b + 2 * std:
        warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
                      "The distribution of values may be incorrect.", UserWarning, stacklevel=2)
    dt = tensor._data.dtype
    with no_grad():
        mass = cdf((b - mean) / std) - cdf((a - mean) / std)
        if mass > 0.3:
            lo, hi = float(dt.type(a)), float(dt.type(b))
            values = tensor.normal_(mean, std, generator=generator)._data.copy()
            while True:
                outside = (values < lo) | (values > hi)
                if not outside.any():
                    break
                fresh = Tensor._make(np.empty_like(values)).normal_(mean, std, generator=generator)._data
                values = np.where(outside, fresh, values)
        else:
            mode = max(a, min(mean, b))
            log_peak = -0.5 * ((mode - mean) / std) ** 2

            def log_density(x):
                return ((x - dt.type(mean)) / dt.type(std)) ** 2 * dt.type(-0.5) - dt.type(log_peak)

            def rejected(x):
                u = Tensor._make(np.empty_like(x)).uniform_(generator=generator)._data
                return np.log(u) > log_density(x)

            values = tensor.uniform_(a, b, generator=generator)._data.copy()
            pending = rejected(values)
            rounds = 0
            while pending.any():
                rounds += 1
                if rounds > _MAX_ROUNDS:   # (PyTorch would go on; a run must end)
                    raise RuntimeError(f"trunc_normal_: [a, b] = [{a}, {b}] holds almost none of the normal's "
                                       f"mass; no sample accepted after {_MAX_ROUNDS} rounds")
                candidates = Tensor._make(np.empty_like(values)).uniform_(a, b, generator=generator)._data
                values = np.where(pending, candidates, values)
                pending = np.where(pending, rejected(candidates), pending)
        tensor.copy_(Tensor._make(values))
    return tensor


def orthogonal_(tensor, gain=1, generator=None):
    """A (semi-)orthogonal matrix from the QR of a normal matrix, signs fixed by R's diagonal.

    NOTE: the normals are PyTorch's, but the QR is numpy's LAPACK, not PyTorch's MKL: the
    result equals PyTorch's to a few float32 units in the last place, not bit for bit."""
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flat = Tensor._make(np.empty((rows, cols), dtype=tensor._data.dtype)).normal_(0, 1, generator=generator)._data
    if rows < cols:
        flat = flat.T
    q, r = np.linalg.qr(flat)
    q = q * np.sign(np.diag(r))
    if rows < cols:
        q = q.T
    with no_grad():
        tensor.copy_(Tensor._make(np.ascontiguousarray(q, dtype=tensor._data.dtype).reshape(tensor.shape)))
        tensor.mul_(gain)
    return tensor


def sparse_(tensor, sparsity, std=0.01, generator=None):
    """Normal(0, std) entries with ``ceil(sparsity * rows)`` of each column zeroed, the rows picked by a
    ``randperm`` per column (PyTorch's draws, in its order)."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = tensor.shape
    num_zeros = int(math.ceil(sparsity * rows))
    with no_grad():
        tensor.normal_(0, std, generator=generator)
        for col in range(cols):
            zero_rows = randperm(rows, generator=generator)[:num_zeros]
            tensor[zero_rows, col] = 0
    return tensor


def _deprecated(new):
    old_name = new.__name__[:-1]

    def old(*args, **kwargs):
        warnings.warn(f"`nn.init.{old_name}` is now deprecated in favor of `nn.init.{new.__name__}`.",
                      FutureWarning, stacklevel=2)
        return new(*args, **kwargs)
    old.__name__ = old.__qualname__ = old_name
    return old


uniform = _deprecated(uniform_)
normal = _deprecated(normal_)
constant = _deprecated(constant_)
eye = _deprecated(eye_)
dirac = _deprecated(dirac_)
xavier_uniform = _deprecated(xavier_uniform_)
xavier_normal = _deprecated(xavier_normal_)
kaiming_uniform = _deprecated(kaiming_uniform_)
kaiming_normal = _deprecated(kaiming_normal_)
orthogonal = _deprecated(orthogonal_)
sparse = _deprecated(sparse_)

__all__ = ["calculate_gain", "uniform_", "normal_", "constant_", "ones_", "zeros_", "eye_", "dirac_",
           "xavier_uniform_", "xavier_normal_", "kaiming_uniform_", "kaiming_normal_", "trunc_normal_",
           "orthogonal_", "sparse_", "sparse", "uniform", "normal", "constant", "eye", "dirac", "xavier_uniform", "xavier_normal",
           "kaiming_uniform", "kaiming_normal", "orthogonal", "_calculate_fan_in_and_fan_out"]
