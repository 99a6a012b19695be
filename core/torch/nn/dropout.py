"""Dropout: ``F.dropout``, ``torch.dropout``, ``F.dropout1d`` and ``F.dropout2d``.

As PyTorch 2.13 computes it on the CPU: a noise tensor ``bernoulli_(1 - p)``
(one float64 uniform per element from the default generator, so the mask is
PyTorch's after ``manual_seed``) divided by ``1 - p`` in the input's dtype,
then ``input * noise`` (MulBackward0, the noise a constant); channel-wise
dropout draws one number per (sample, channel) and broadcasts it.  With
``p == 0`` or ``training=False`` the input itself comes back; ``p == 1``
multiplies by zeros.
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from core.tensor.tensor import Tensor
from core.torch import functional as _f
from core.torch.creation import default_generator


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _noise(input, shape, p):
    dt = np.asarray(input._data).dtype
    if p == 1:
        return Tensor._make(np.zeros((), dtype=dt)[()])
    keep = default_generator.bernoulli(int(np.prod(shape)), 1 - p).reshape(shape)
    values = keep.astype(dt) / dt.type(1 - p)
    return Tensor._make(values if values.ndim else values[()])


def _apply_noise(input, noise, inplace):
    return input.mul_(noise) if inplace else _f.mul(input, noise)


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability ``p`` and scale the rest by ``1 / (1 - p)``."""
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    return _apply_noise(input, _noise(input, tuple(input.shape), p), inplace)


def torch_dropout(input, p, train):
    """``torch.dropout(input, p, train)``: the functional form, every argument required (its C++
    check raises RuntimeError where F.dropout's raises ValueError)."""
    try:
        _check_p(p)
    except ValueError as e:
        raise RuntimeError(str(e)) from None
    return dropout(input, p, train)


def torch_dropout_(input, p, train):
    return dropout(input, p, train, inplace=True)


def _feature_dropout(input, p, training, inplace):
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    shape = tuple(input.shape[:2]) + (1,) * (input.dim() - 2)
    return _apply_noise(input, _noise(input, shape, p), inplace)


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Channel-wise dropout of (N, C, L) or (C, L) inputs: whole channels zeroed."""
    _check_p(p)
    if input.dim() not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D input. Note that "
                           "dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, a "
                           "channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).")
    batched = input.dim() == 3
    if batched:
        return _feature_dropout(input, p, training, inplace)
    # NOTE: an unbatched input goes through unsqueeze/squeeze (PyTorch does them in place with inplace=True)
    return _f.squeeze(_feature_dropout(_f.unsqueeze(input, 0), p, training, False), 0)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Channel-wise dropout of (N, C, H, W) inputs (a 3-D input is taken as (N, C, L), with PyTorch's warning)."""
    _check_p(p)
    dims = input.dim()
    if dims not in (3, 4):
        warnings.warn(f"dropout2d: Received a {dims}-D input to dropout2d, which is deprecated and will result in "
                      "an error in a future release. To retain the behavior and silence this warning, please use "
                      "dropout instead. Note that dropout2d exists to provide channel-wise dropout on inputs with 2 "
                      "spatial dimensions, a channel dimension, and an optional batch dimension (i.e. 3D or 4D "
                      "inputs).", UserWarning, stacklevel=2)
    if dims == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout "
                      "behavior is desired - input is interpreted as shape (N, C, L), where C is the channel dim. "
                      "This behavior will change in a future release to interpret the input as one without a batch "
                      "dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, please "
                      "switch to using dropout1d instead.", UserWarning, stacklevel=2)
    return _feature_dropout(input, p, training, inplace)


# SELU's alpha (ATen's Dropout.cpp): alpha dropout keeps a SELU network's mean and variance
_SELU_ALPHA = 1.7580993408473766


def _alpha_dropout(input, shape, p, training, inplace):
    """ATen's ``_dropout_impl`` with ``alpha_dropout``: a dropped element becomes ``-alpha * a`` shifted
    by ``alpha * a * p`` and every element is scaled by ``a``, in the input's dtype as PyTorch's float
    ops round them (the Python scalars in that dtype); ``input * noise`` (MulBackward0) then ``add_(b)``
    in place (AddBackward0)."""
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return _apply_noise(input, _noise(input, shape, p), inplace)
    dt = np.asarray(input._data).dtype
    keep = default_generator.bernoulli(int(np.prod(shape)), 1 - p).reshape(shape).astype(dt)
    a = 1.0 / math.sqrt((_SELU_ALPHA * _SELU_ALPHA * p + 1) * (1 - p))
    b = (keep - dt.type(1)) * dt.type(_SELU_ALPHA * a) + dt.type(_SELU_ALPHA * a * p)
    noise = keep * dt.type(a)
    out = _apply_noise(input, Tensor._make(noise if noise.ndim else noise[()]), inplace)
    return out.add_(Tensor._make(b if b.ndim else b[()]))


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Dropout that keeps a SELU network's mean and variance (``nn.AlphaDropout``); off unless training."""
    return _alpha_dropout(input, tuple(input.shape), p, training, inplace)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Alpha dropout of whole channels: one draw per (sample, channel), broadcast over the rest."""
    shape = tuple(input.shape[:2]) + (1,) * (input.dim() - 2)
    return _alpha_dropout(input, shape, p, training, inplace)


__all__ = ["dropout", "dropout1d", "dropout2d", "alpha_dropout", "feature_alpha_dropout"]
