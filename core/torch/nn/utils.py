"""``torch.nn.utils``: parameters_to_vector / vector_to_parameters, the gradient clipping a training loop calls, as PyTorch 2.13 computes it on CPU
(each gradient's norm, the norm of those norms, one clamped coefficient multiplied in place), and
``torch.nn.utils.rnn.pad_sequence``."""
from __future__ import annotations

import math
import warnings

from core.tensor.grad_mode import no_grad
from core.tensor.tensor import Tensor
from core.torch import creation
from core.torch import functional as T
from core.torch.optim.optimizer import typename


def _grads(parameters):
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    return [p.grad for p in parameters if p.grad is not None]


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The ``norm_type`` norm of the tensors' norms (``torch.tensor(0.)`` for none)."""
    tensors = [tensors] if isinstance(tensors, Tensor) else list(tensors)
    norm_type = float(norm_type)
    if not tensors:
        return creation.tensor(0.0)
    with no_grad():
        if norm_type == math.inf:
            norms = [g.detach().abs().max() for g in tensors]
            total = norms[0] if len(norms) == 1 else T.stack(norms).max()
        else:
            norms = [T.norm(g.detach(), norm_type) for g in tensors]
            total = T.norm(T.stack(norms), norm_type)
        if error_if_nonfinite and bool(T.logical_or(T.isnan(total), T.isinf(total))):
            raise RuntimeError(f"The total norm of order {norm_type} for gradients from `parameters` is "
                               "non-finite, so it cannot be clipped. To disable this error and scale the gradients "
                               "by the non-finite norm anyway, set `error_if_nonfinite=False`")
    return total


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Multiply the gradients in place by ``min(max_norm / (total_norm + 1e-6), 1)``."""
    grads = _grads(parameters)
    if not grads:
        return
    with no_grad():
        coef = T.clamp(float(max_norm) / (total_norm + 1e-6), max=1.0)
        for g in grads:
            g.mul_(coef)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Scale the gradients in place so their total ``norm_type`` norm is at most ``max_norm``;
    returns the total norm (before clipping)."""
    parameters = [parameters] if isinstance(parameters, Tensor) else list(parameters)
    total = get_total_norm(_grads(parameters), norm_type, error_if_nonfinite, foreach)
    clip_grads_with_norm_(parameters, max_norm, total, foreach)
    return total


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The deprecated name of :func:`clip_grad_norm_` (PyTorch's FutureWarning)."""
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.",
                  FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamp every gradient in place to ``[-clip_value, clip_value]``."""
    clip_value = float(clip_value)
    with no_grad():
        for g in _grads(parameters):
            g.clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters):
    """The parameters flattened and concatenated into one vector (``cat`` of ``view(-1)``s, so it has a
    grad_fn: CatBackward0)."""
    return T.cat([p.view(-1) for p in parameters])


def vector_to_parameters(vec, parameters):
    """Point each parameter's ``.data`` at its slice of ``vec`` (a view: no copy, no autograd)."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {typename(vec)}")
    pointer = 0
    for param in parameters:
        n = param.numel()
        param.data = vec[pointer:pointer + n].view_as(param).data
        pointer += n


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """``torch.nn.utils.rnn.pad_sequence``: the sequences (``L_i x *``) stacked along a new batch
    dimension, padded with ``padding_value`` to the longest.  As PyTorch builds it: a ``full`` tensor of
    the first sequence's dtype and trailing sizes, each sequence copied into its slice (so the result's
    grad_fn is a CopySlices chain, and a sequence of other trailing sizes fails in that copy)."""
    if isinstance(sequences, Tensor):
        sequences = sequences.unbind(0)
    sequences = list(sequences)
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    first = sequences[0]
    max_len = max(s.shape[0] for s in sequences)
    trailing = tuple(first.shape[1:])
    size = (len(sequences), max_len) + trailing if batch_first else (max_len, len(sequences)) + trailing
    out = creation.full(size, padding_value, dtype=first.dtype)
    for i, s in enumerate(sequences):
        n = s.shape[0]
        rows = slice(max_len - n, max_len) if padding_side == "left" else slice(0, n)
        T.setitem(out, (i, rows) if batch_first else (rows, i), s)
    return out


__all__ = ["clip_grad_norm_", "clip_grad_norm", "clip_grad_value_", "clip_grads_with_norm_", "get_total_norm",
           "parameters_to_vector", "vector_to_parameters"]
RNN = ["pad_sequence"]
