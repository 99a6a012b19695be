"""``torch.nn.functional``: activations, losses, convolution and pooling."""
from __future__ import annotations

from core.torch.functional import leaky_relu, log_softmax, sigmoid, softmax, tanh

__all__ = ["leaky_relu", "log_softmax", "relu", "sigmoid", "softmax", "tanh"]

# ---------------------------------------------------------------------------
# activations, linear, normalization, embedding, pad, one_hot (issue 12; the ops
# are declared in core.ops.activations)
# ---------------------------------------------------------------------------

import numpy as np  # noqa: E402

from core import dtypes  # noqa: E402
from core.ops import REGISTRY as _R, apply as _apply  # noqa: E402
from core.ops.activations import batch_stats as _batch_stats  # noqa: E402
from core.ops.activations import batch_stats32 as _batch_stats32  # noqa: E402
from core.ops.activations import batch_norm_running_update32 as _running_update32  # noqa: E402
from core.tensor.tensor import Tensor as _Tensor  # noqa: E402
from core.torch.functional import (abs as _abs, activation as _activation, addmm as _addmm,  # noqa: E402
                                   celu, clamp_min as _clamp_min, div as _div, expand_as as _expand_as,
                                   floating_only as _floating_only, layer_norm, matmul as _matmul,
                                   norm as _norm, prelu, reshape as _reshape, selu, sub as _sub, t as _t,
                                   tanh as _tanh, view as _view)


def linear(input, weight, bias=None):
    """``input @ weight.T + bias`` with PyTorch's graph: AddmmBackward0 for a 2-D input
    with a bias (other inputs are viewed as 2-D around it), matmul's graph without one."""
    if input.dim() == 0 or weight.dim() == 0:
        raise RuntimeError(f"both arguments to linear need to be at least 1D, but they are {input.dim()}D and "
                           f"{weight.dim()}D")
    if bias is None:
        return _matmul(input, _t(weight))
    if input.dim() == 2:
        return _addmm(bias, input, _t(weight))
    out = _addmm(bias, _reshape(input, (-1, input.shape[-1])), _t(weight))
    return _view(out, *input.shape[:-1], out.shape[-1])


def relu(input, inplace=False):
    return _activation("relu", input, inplace=inplace)


def relu6(input, inplace=False):
    # NOTE: PyTorch computes relu6 as hardtanh(0, 6): grad_fn HardtanhBackward0
    return hardtanh(input, 0.0, 6.0, inplace)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _activation("hardtanh", input, {"min_val": min_val, "max_val": max_val}, inplace)


def elu(input, alpha=1.0, inplace=False):
    _floating_only(input, "elu_cpu")
    return _activation("elu", input, {"alpha": float(alpha), "scale": 1.0, "input_scale": 1.0}, inplace)


def gelu(input, approximate="none"):
    _floating_only(input, "GeluKernelImpl")
    return _apply(_R["gelu"], (input,), {"approximate": approximate})


def silu(input, inplace=False):
    _floating_only(input, "silu_cpu")
    return _activation("silu", input, inplace=inplace)


def mish(input, inplace=False):
    _floating_only(input, "mish_cpu")
    return _activation("mish", input, inplace=inplace)


def softplus(input, beta=1.0, threshold=20.0):
    _floating_only(input, "softplus_cpu")
    return _apply(_R["softplus"], (input,), {"beta": float(beta), "threshold": float(threshold)})


def hardsigmoid(input, inplace=False):
    _floating_only(input, "hardsigmoid_cpu")
    return _activation("hardsigmoid", input, inplace=inplace)


def hardswish(input, inplace=False):
    _floating_only(input, "hardswish_cpu")
    return _activation("hardswish", input, inplace=inplace)


def logsigmoid(input):
    _floating_only(input, "log_sigmoid_cpu")
    return _apply(_R["logsigmoid"], (input,))


def softsign(input):
    """``input / (1 + |input|)``, composed as PyTorch composes it (DivBackward0, AddBackward0, AbsBackward0)."""
    return _div(input, _abs(input) + 1)


def tanhshrink(input):
    return _sub(input, _tanh(input))


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """``input / max(||input||_p, eps)`` along ``dim``, composed as PyTorch composes it."""
    denom = _expand_as(_clamp_min(_norm(input, p, dim, keepdim=True), eps), input)
    return _div(input, denom)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1,
               eps=1e-05):
    """Batch normalization over dim 1 (NativeBatchNormBackward0).  In training the batch's
    statistics normalize and ``running_mean``/``running_var`` move toward the batch's mean and
    unbiased variance by ``momentum``, in place, as PyTorch updates them."""
    shape = tuple(input.shape)
    channels = shape[1] if len(shape) > 1 else 0
    if training:
        per_channel = int(np.prod(shape)) // max(channels, 1) if channels else 0
        if per_channel <= 1 and len(shape) > 1:
            raise ValueError(f"Expected more than 1 value per channel when training, got input size "
                             f"torch.Size({list(shape)})")
    elif running_mean is None or running_var is None:
        raise RuntimeError(f"running_{'mean' if running_mean is None else 'var'} must be defined in evaluation mode")
    for name, t in (("running_mean", running_mean), ("running_var", running_var), ("weight", weight),
                    ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError("\"batch_norm\" not implemented for '" + input.dtype.scalar_name + "'")
    params = {"training": bool(training), "eps": float(eps)}
    if not training:
        params["running_mean"] = np.array(running_mean._data, copy=True)
        params["running_var"] = np.array(running_var._data, copy=True)
    out = _apply(_R["batch_norm"], (input, weight, bias), params)
    stats = _batch_stats32(input._data) if training else None
    if stats is not None and all(b is None or b.dtype == dtypes.float32 for b in (running_mean, running_var)):
        # NOTE: float32 buffers updated as ATen's kernel updates them (core/ops/activations.py)
        new_mean, new_var = _running_update32(stats, None if running_mean is None else running_mean._data,
                                              None if running_var is None else running_var._data, momentum)
        for buf, new in ((running_mean, new_mean), (running_var, new_var)):
            if buf is not None:
                buf._data[...] = new
    elif training and (running_mean is not None or running_var is not None):
        mean, _, unbiased = _batch_stats(input._data)
        # NOTE: the update is computed in double and stored in the buffers' dtype, without a version bump
        for buf, stat in ((running_mean, mean), (running_var, unbiased)):
            if buf is not None:
                new = momentum * stat + (1 - momentum) * buf._data.astype(np.float64)
                buf._data[...] = new.astype(buf._data.dtype)
    return out


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    """Rows of ``weight`` picked by the integer ``input`` (EmbeddingBackward0); the row
    ``padding_idx`` gets no gradient."""
    if input.dtype not in (dtypes.int64, dtypes.int32):
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           f"Long, Int; but got {input.dtype.legacy_name} instead (while checking arguments for "
                           "embedding)")
    rows = weight.shape[0]
    if padding_idx is not None:
        if not -rows <= padding_idx < rows:
            raise AssertionError("Padding_idx must be within num_embeddings")
        padding_idx = padding_idx % rows
    if max_norm is not None:
        raise NotImplementedError("F.embedding with max_norm (renormalizing rows in place) is not supported "
                                  "in Backprop Lens")
    idx = np.asarray(input._data, dtype=np.int64)
    if idx.size and (idx.min() < -rows or idx.max() >= rows or idx.min() < 0):
        raise IndexError("index out of range in self")
    params = {"indices": idx} if padding_idx is None else {"indices": idx, "padding_idx": padding_idx}
    return _apply(_R["embedding"], (weight,), params)


def one_hot(tensor, num_classes=-1):
    """``tensor``'s integers as one-hot rows (int64, no gradient)."""
    if tensor.dtype is not dtypes.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    data = np.asarray(tensor._data)
    if num_classes == -1:
        if data.size == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(data.max()) + 1
    if data.size and data.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if data.size and data.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return _Tensor._make((data[..., None] == np.arange(num_classes)).astype(np.int64))


def pad(input, pad, mode="constant", value=None):
    """``F.pad``: ``pad`` lists (before, after) amounts from the last dimension backwards;
    negative amounts crop.  Constant mode (ConstantPadNdBackward0), reflect and replicate
    (ReflectionPad1DBackward0, ReplicationPad2DBackward0...: one op per padded rank)."""
    pad = tuple(int(p) for p in pad)
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.dim():
        raise RuntimeError(f"Padding length should be less than or equal to two times the input dimension but got "
                           f"padding length {len(pad)} and input of dimension {input.dim()}")
    if mode in ("reflect", "replicate"):
        return _edge_pad(input, pad, mode)
    if mode != "constant":
        if mode == "circular":
            raise NotImplementedError("F.pad mode 'circular' is not supported in Backprop Lens yet")
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    for i in range(len(pad) // 2):
        if input.shape[input.dim() - 1 - i] + pad[2 * i] + pad[2 * i + 1] < 0:
            raise RuntimeError("narrow(): length must be non-negative.")
    return _apply(_R["constant_pad_nd"], (input,), {"pad": pad, "value": 0 if value is None else value})


def _edge_pad(input, pad, mode):
    k, nd = len(pad) // 2, input.dim()
    if nd not in (k + 1, k + 2):
        raise NotImplementedError(f"Padding size {len(pad)} is not supported for {nd}D input tensor.")
    for i in range(k):
        d = nd - 1 - i
        lo, hi = pad[2 * i], pad[2 * i + 1]
        if mode == "reflect" and (lo >= input.shape[d] or hi >= input.shape[d]):
            raise RuntimeError(f"Argument #4: Padding size should be less than the corresponding input dimension, "
                               f"but got: padding ({lo}, {hi}) at dimension {d} of input {list(input.shape)}")
        if input.shape[d] + lo + hi < 1:
            raise RuntimeError(f"input tensor is too small for padding ({lo}, {hi}) at dimension {d}")
    name = f"{'reflection' if mode == 'reflect' else 'replication'}_pad{k}d"
    return _apply(_R[name], (input,), {"pad": pad, "mode": mode})


__all__ += ["batch_norm", "celu", "elu", "embedding", "gelu", "hardsigmoid", "hardswish", "hardtanh",
            "layer_norm", "linear", "logsigmoid", "mish", "normalize", "one_hot", "pad", "prelu", "relu6",
            "selu", "silu", "softplus", "softsign", "tanhshrink"]


# ---------------------------------------------------------------------------
# losses, convolution and pooling (issue 12; the ops are declared in core.ops.nn,
# core.ops.losses and core.ops.conv).  Losses PyTorch composes of other ops
# (l1_loss, kl_div, cross_entropy) are composed of the same ops here, so their
# graphs show PyTorch's nodes.
# ---------------------------------------------------------------------------

import warnings as _warnings  # noqa: E402

from core.ops.shape_errors import broadcast_error as _broadcast_error  # noqa: E402
from core.ops.summation import torch_sum  # noqa: E402
from core.tensor.grad_mode import is_grad_enabled as _is_grad_enabled  # noqa: E402
from core.torch import functional as _f  # noqa: E402


def _legacy_reduction(size_average, reduce, reduction):
    """``reduction`` from the deprecated size_average/reduce, with PyTorch's warning."""
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    ret = "mean" if size_average and reduce else ("sum" if reduce else "none")
    _warnings.warn(f"size_average and reduce args will be deprecated, please use reduction='{ret}' instead.",
                   UserWarning, stacklevel=3)
    return ret


def _check_reduction(reduction):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _reduced(x, reduction):
    """``x.mean()``, ``x.sum()`` or ``x``: PyTorch's apply_loss_reduction (MeanBackward0/SumBackward0)."""
    if reduction == "mean":
        return _apply(_R["mean"], (x,))
    if reduction == "sum":
        return _apply(_R["sum"], (x,))
    return x


def _broadcast_pair(input, target):
    """The pointwise losses' size check: PyTorch warns, then broadcasts (expand) input and target."""
    a, b = tuple(input.shape), tuple(target.shape)
    if a == b:
        return input, target
    _warnings.warn(f"Using a target size (torch.Size({list(b)})) that is different to the input size "
                   f"(torch.Size({list(a)})). This will likely lead to incorrect results due to broadcasting. "
                   "Please ensure they have the same size.", UserWarning, stacklevel=3)
    try:
        shape = np.broadcast_shapes(a, b)
    except ValueError:
        raise RuntimeError(_broadcast_error(a, b)) from None
    return (input if a == shape else _f.expand(input, *shape)), (target if b == shape else _f.expand(target, *shape))


def _no_weight(weight, name):
    if weight is not None:
        raise NotImplementedError(f"{name}(weight=...) is not available in Backprop Lens yet")


def _array(t):
    return None if t is None else np.array(t._data, copy=True)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _no_weight(weight, "mse_loss")
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    input, target = _broadcast_pair(input, target)
    return _apply(_R["mse_loss"], (input, target), {"reduction": reduction})


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """``|input - target|`` reduced: PyTorch composes it (MeanBackward0 <- AbsBackward0 <- SubBackward0)."""
    _no_weight(weight, "l1_loss")
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    input, target = _broadcast_pair(input, target)
    return _reduced(_f.abs(_f.sub(input, target)), reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    input, target = _broadcast_pair(input, target)
    if beta == 0.0:
        # NOTE: PyTorch computes smooth_l1 with beta 0 as l1_loss (its graph, not SmoothL1LossBackward0)
        return _reduced(_f.abs(_f.sub(input, target)), reduction)
    return _apply(_R["smooth_l1_loss"], (input, target), {"reduction": reduction, "beta": float(beta)})


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _no_weight(weight, "huber_loss")
    _check_reduction(reduction)
    input, target = _broadcast_pair(input, target)
    return _apply(_R["huber_loss"], (input, target), {"reduction": reduction, "delta": float(delta)})


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    if target.requires_grad and _is_grad_enabled():
        raise RuntimeError("The function 'soft_margin_loss' is not differentiable with respect to argument "
                           "'target'. This input cannot have requires_grad True.")
    return _apply(_R["soft_margin_loss"], (input,), {"target": _array(target), "reduction": reduction})


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(f"Using a target size (torch.Size({list(target.shape)})) that is different to the input "
                         f"size (torch.Size({list(input.shape)})) is deprecated. Please ensure they have the same "
                         "size.")
    params = {"reduction": reduction}
    if weight is not None:
        params["weight"] = np.broadcast_to(_array(weight), tuple(input.shape)).copy()
    return _apply(_R["binary_cross_entropy"], (input, target), params)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(f"Target size (torch.Size({list(target.shape)})) must be the same as input size "
                         f"(torch.Size({list(input.shape)}))")
    params = {"reduction": reduction}
    if weight is not None:
        params["weight"] = _array(weight)
    if pos_weight is not None:
        params["pos_weight"] = _array(pos_weight)
    return _apply(_R["binary_cross_entropy_with_logits"], (input, target), params)


def _class_target(target):
    if target.dtype not in (dtypes.int64, dtypes.uint8):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {target.dtype.scalar_name}")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    """NllLossBackward0 for (C,) and (N, C) inputs, NllLoss2DBackward0 for (N, C, H, W); other
    N-d inputs are viewed as (N, C, 1, -1) around it, as PyTorch does."""
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    dim = input.dim()
    if dim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {dim})")
    if dim == 1 and target.dim() == 1 and target.shape[0] != 1:
        raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: {target.shape[0]}")
    if dim >= 2 and input.shape[0] != (target.shape[0] if target.dim() else 1):
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
                         f"({target.shape[0] if target.dim() else 1}).")
    if dim <= 2 and target.dim() > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    _class_target(target)
    params = {"target": np.array(target._data, dtype=np.int64), "ignore_index": int(ignore_index),
              "reduction": reduction}
    if weight is not None:
        params["weight"] = _array(weight)
    if dim <= 2:
        if dim == 1 and target.numel() == 1:
            params["target"] = params["target"].reshape(())
        return _apply(_R["nll_loss"], (input,), params)
    n, c = input.shape[0], input.shape[1]
    if dim == 4:
        if tuple(target.shape) != (n,) + tuple(input.shape[2:]):
            raise RuntimeError(f"size mismatch (got input: [{', '.join(map(str, input.shape))}] , target: "
                               f"[{', '.join(map(str, target.shape))}]")
        return _apply(_R["nll_loss2d"], (input,), params)
    out_size = (n,) + tuple(input.shape[2:])
    if tuple(target.shape) != out_size:
        raise RuntimeError(f"Expected target size [{', '.join(map(str, out_size))}], got "
                           f"[{', '.join(map(str, target.shape))}]")
    params["target"] = params["target"].reshape(n, 1, -1)
    out = _apply(_R["nll_loss2d"], (_f.view(_f.contiguous(input), n, c, 1, -1),), params)
    return _f.view(out, *out_size) if reduction == "none" else out


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    """log_softmax over the class dim, then nll_loss (class indices); with class
    probabilities, ``-(log_softmax * target).sum() / batch``, composed as PyTorch composes it."""
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    class_dim = 0 if input.dim() == 1 else 1
    if target.dtype.is_floating_point and tuple(target.shape) == tuple(input.shape):
        return _cross_entropy_probs(input, target, weight, reduction, label_smoothing, class_dim)
    logp = log_softmax(input, class_dim)
    loss = nll_loss(logp, target, weight, None, ignore_index, None, reduction)
    if label_smoothing <= 0:
        return loss
    return _label_smoothing(logp, loss, target, weight, ignore_index, reduction, label_smoothing, class_dim)


def _label_smoothing(logp, loss, target, weight, ignore_index, reduction, eps, class_dim):
    """``(1 - eps) * nll + eps / C * smooth``, where smooth is each sample's -sum of log-probabilities
    (weighted), 0 where ignored, composed as PyTorch composes it (MulBackward1, MaskedFillBackward0)."""
    n_classes = logp.shape[class_dim]
    ignored = np.asarray(target._data) == ignore_index
    if weight is not None:
        shape = [1] * logp.dim()
        shape[class_dim] = n_classes
        terms = _f.mul(logp, _f.view(weight, *shape))
    else:
        terms = logp
    smooth = _apply(_R["masked_fill"], (_f.neg(_f.sum(terms, class_dim)),), {"mask": ignored, "value": 0.0})
    if reduction == "mean":
        total = _apply(_R["sum"], (smooth,))
        if weight is not None:
            picked = np.asarray(weight._data)[np.asarray(target._data)[~ignored]]
            smooth = _f.div(total, _Tensor._make(np.asarray(torch_sum(picked), dtype=picked.dtype)))
        else:
            smooth = _f.div(total, _Tensor._make(np.asarray(int((~ignored).sum()), dtype=np.int64)))
    elif reduction == "sum":
        smooth = _apply(_R["sum"], (smooth,))
    return _f.add(_apply(_R["mul_scalar"], (loss,), {"other": 1 - eps}),
                  _apply(_R["mul_scalar"], (smooth,), {"other": eps / n_classes}))


def _cross_entropy_probs(input, target, weight, reduction, label_smoothing, class_dim):
    n_classes = input.shape[class_dim]
    if label_smoothing > 0:
        target = _f.add(_f.mul(target, 1 - label_smoothing), label_smoothing / n_classes)
    prod = _f.mul(log_softmax(input, class_dim), target)
    if weight is not None:
        shape = [1] * input.dim()
        shape[class_dim] = n_classes
        prod = _f.mul(prod, _f.view(weight, *shape))
    if reduction == "none":
        return _f.neg(_f.sum(prod, class_dim))
    total = _f.neg(_apply(_R["sum"], (prod,)))
    if reduction == "sum":
        return total
    return _apply(_R["div_scalar"], (total,), {"other": input.numel() // n_classes})


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """PyTorch's composite: ``target * (log target - input)`` (xlogy for target 0), or
    ``exp(target) * (target - input)`` with log_target; 'batchmean' divides the sum by the batch."""
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce, reduction)
    elif reduction == "mean":
        _warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
                       "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                       "'mean' will be changed to behave the same as 'batchmean' in the next major release.",
                       UserWarning, stacklevel=2)
    if reduction not in ("mean", "sum", "none", "batchmean"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if log_target:
        out = _f.mul(_f.exp(target), _f.sub(target, input))
    else:
        if target.requires_grad:
            raise NotImplementedError("kl_div with a target that requires grad (xlogy's gradient) is not "
                                      "available in Backprop Lens yet")
        t = target._data
        # NOTE: xlogy(t, t): 0 where t == 0, as PyTorch defines it (not 0 * log 0 = nan)
        xlogy = np.where(t == 0, 0, t * np.log(np.where(t == 0, 1, t))).astype(t.dtype)
        out = _f.sub(_Tensor._make(xlogy), _f.mul(target, input))
    if reduction == "batchmean":
        total = _apply(_R["sum"], (out,))
        return _f.div(total, input.shape[0]) if input.dim() else total
    return _reduced(out, reduction)


def _scalar_add(x, value):
    """``x + value`` for a Python number inside an ATen composite (AddBackward1)."""
    return _apply(_R["add_scalar"], (x,), {"other": value})


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-08, reduce=None,
                     reduction="mean"):
    """``exp(input) - target * input`` (or ``input - target * log(input + eps)``), plus Stirling's term where
    target > 1 when ``full``, composed as PyTorch's poisson_nll_loss composes it."""
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce, reduction)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not a valid value for reduction")
    if log_input:
        loss = _f.sub(_f.exp(input), _f.mul(target, input))
    else:
        loss = _f.sub(input, _f.mul(target, _f.log(_scalar_add(input, float(eps)))))
    if full:
        stirling = _f.add(_f.sub(_f.mul(target, _f.log(target)), target),
                          _f.mul(_f.log(_f.mul(target, 2 * np.pi)), 0.5))
        loss = _f.add(loss, _apply(_R["masked_fill"], (stirling,), {"mask": np.asarray(target._data) <= 1,
                                                                     "value": 0.0}))
    return _reduced(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    """``max(0, -target * (input1 - input2) + margin)``, as PyTorch composes it."""
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(f"margin_ranking_loss : All input tensors should have same dimension but got sizes: "
                           f"input1: torch.Size({list(input1.shape)}), input2: torch.Size({list(input2.shape)}), "
                           f"target: torch.Size({list(target.shape)}) ")
    out = _scalar_add(_f.mul(_f.neg(target), _f.sub(input1, input2)), margin)
    return _reduced(_f.clamp_min(out, 0), reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    """``margin - input`` clamped at 0 where target is not 1, plus ``input`` where target is not -1, as
    PyTorch composes it."""
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    zeros = _Tensor._make(np.zeros(tuple(input.shape), dtype=input._data.dtype))
    margin_clamp = _f.clamp_min(_f.sub(margin, input), 0)
    t = np.asarray(target._data)
    output_margin = _f.where(_Tensor._make(t != 1), margin_clamp, zeros)
    output_self = _f.where(_Tensor._make(t != -1), input, zeros)
    return _reduced(_f.add(output_margin, output_self), reduction)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    """``1 - cos`` where target is 1, ``max(0, cos - margin)`` where it is -1, the cosine's squared norms
    each offset by 1e-12, as PyTorch composes it."""
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    targ_dim = target.dim()
    if targ_dim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if targ_dim == 1 and (input1.dim() != 2 or input2.dim() != 2):
        raise RuntimeError(f"1D target tensor expects 2D input tensors, but found inputs with sizes "
                           f"{list(input1.shape)} and {list(input2.shape)}.")
    if targ_dim == 0 and (input1.dim() != 1 or input2.dim() != 1):
        raise RuntimeError(f"0D target tensor expects 1D input tensors, but found inputs with sizes "
                           f"{list(input1.shape)} and {list(input2.shape)}.")
    prod_sum = _f.sum(_f.mul(input1, input2), targ_dim)
    mag_square1 = _scalar_add(_f.sum(_f.mul(input1, input1), targ_dim), 1e-12)
    mag_square2 = _scalar_add(_f.sum(_f.mul(input2, input2), targ_dim), 1e-12)
    cos = _f.div(prod_sum, _f.sqrt(_f.mul(mag_square1, mag_square2)))
    zeros = _Tensor._make(np.zeros(tuple(cos.shape), dtype=cos._data.dtype))
    pos = _f.sub(1, cos)
    neg = _f.clamp_min(_f.sub(cos, margin), 0)
    t = np.asarray(target._data)
    output = _f.add(_f.where(_Tensor._make(t == 1), pos, zeros), _f.where(_Tensor._make(t == -1), neg, zeros))
    return _reduced(output, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, size_average=None,
                        reduce=None, reduction="mean"):
    """``max(0, margin + d(anchor, positive) - d(anchor, negative))`` with pairwise distances (the smaller
    of d(anchor, negative) and d(positive, negative) with ``swap``), as PyTorch composes it."""
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    a_dim, p_dim, n_dim = anchor.dim(), positive.dim(), negative.dim()
    if not (a_dim == p_dim == n_dim):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the same number of "
                           f"dimensions, but got: anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D inputs")
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = _f.minimum(dist_neg, pairwise_distance(positive, negative, p, eps))
    return _reduced(_f.clamp_min(_f.sub(_scalar_add(dist_pos, float(margin)), dist_neg), 0), reduction)


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                      reduction="mean"):
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    _class_target(target)
    params = {"target": np.array(target._data, dtype=np.int64), "p": int(p), "margin": float(margin),
              "reduction": reduction}
    if weight is not None:
        params["weight"] = _array(weight)
    return _apply(_R["multi_margin_loss"], (input,), params)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _check_reduction(_legacy_reduction(size_average, reduce, reduction))
    return _apply(_R["multilabel_margin_loss"], (input,), {"target": np.array(target._data, dtype=np.int64),
                                                            "reduction": reduction})


from core.torch import creation as _creation  # noqa: E402


def _lengths(v, name):
    """CTC lengths as PyTorch takes them: a tensor of integers or a sequence of ints."""
    if isinstance(v, _Tensor):
        if v.dtype.is_floating_point:
            raise RuntimeError(f"{name} must be integral")
        return np.asarray(v._data, dtype=np.int64).reshape(-1)
    return np.asarray([int(x) for x in v], dtype=np.int64)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """The Connectionist Temporal Classification loss, composed as PyTorch's ``ctc_loss`` composes it: each
    sample's loss (CtcLossBackward0), infinite ones zeroed with ``zero_infinity`` (WhereBackward0), 'mean'
    dividing each by its target length (at least 1) before the mean; an unbatched input (T, C) is
    unsqueezed to one sample and the result squeezed back."""
    reduction = _check_reduction(reduction)
    batched = log_probs.dim() == 3
    if not batched and log_probs.dim() != 2:
        raise RuntimeError(f"ctc_loss expects log_probs to be 2-D (unbatched) or 3-D (batched), but got "
                           f"{log_probs.dim()}-D")
    lp = log_probs if batched else log_probs.unsqueeze(1)
    tg = np.asarray(targets._data if isinstance(targets, _Tensor) else targets, dtype=np.int64)
    il, tl = _lengths(input_lengths, "input_lengths"), _lengths(target_lengths, "target_lengths")
    steps, batch = lp.shape[0], lp.shape[1]
    if il.size != batch:
        raise RuntimeError(f"input_lengths must be of size batch_size")
    if tl.size != batch:
        raise RuntimeError(f"target_lengths must be of size batch_size")
    if tg.ndim == 2 and tl.size and tg.shape[1] < tl.max():
        raise RuntimeError(f"Expected tensor to have size at least {tl.max()} at dimension 1, but got size "
                           f"{tg.shape[1]} for argument #2 'targets' (while checking arguments for "
                           "ctc_loss_allocate_outputs)")
    if tg.ndim == 1 and tg.size != tl.sum():    # concatenated targets (an unbatched sample's too)
        raise RuntimeError(f"Expected tensor to have size {tl.sum()} at dimension 0, but got size "
                           f"{tg.size} for argument #2 'targets' (while checking arguments for "
                           "ctc_loss_allocate_outputs)")
    for v in il:
        if v > steps:
            raise RuntimeError(f"Expected input_lengths to have value at most {steps}, but got value {v} "
                               "(while checking arguments for ctc_loss_allocate_outputs)")
    res = _apply(_R["ctc_loss"], (lp,), {"targets": tg, "input_lengths": il, "target_lengths": tl,
                                          "blank": int(blank), "zero_infinity": bool(zero_infinity),
                                          "reduction": "none"})
    if zero_infinity:
        res = _f.where(res == float("inf"), _creation.zeros((), dtype=res.dtype), res)
    if reduction == "mean":
        res = (res / _creation.tensor(tl.tolist(), dtype=res.dtype).clamp_min(1)).mean()
    elif reduction == "sum":
        res = res.sum()
    return res if batched else res.squeeze(0)


__all__ += ["cosine_embedding_loss", "ctc_loss", "hinge_embedding_loss", "margin_ranking_loss", "multi_margin_loss",
            "multilabel_margin_loss", "poisson_nll_loss",
            "triplet_margin_loss"]


# ---- convolution ----

def _ntuple(v, n, name, op):
    if isinstance(v, (list, tuple)):
        if len(v) == 1 and n > 1:
            return tuple(int(v[0]) for _ in range(n))
        if len(v) != n:
            raise RuntimeError(f"expected {name} to be a single integer value or a list of {n} values to match the "
                               f"{op} dimensions, but got {name}=[{', '.join(map(str, v))}]")
        return tuple(int(x) for x in v)
    return (int(v),) * n


def _conv(nd, input, weight, bias, stride, padding, dilation, groups):
    name = f"conv{nd}d"
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, but got input "
                           f"of size: [{', '.join(map(str, input.shape))}]")
    if weight.dim() != nd + 2:
        raise RuntimeError(f"expected stride to be a single integer value or a list of {weight.dim() - 2} values "
                           f"to match the convolution dimensions, but got stride=[{', '.join(['1'] * nd)}]")
    stride = _ntuple(stride, nd, "stride", "convolution")
    dilation = _ntuple(dilation, nd, "dilation", "convolution")
    unbatched = input.dim() == nd + 1
    x = _f.unsqueeze(input, 0) if unbatched else input
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            raise RuntimeError(f"Invalid padding string: '{padding}'")
        if padding == "valid":
            padding = (0,) * nd
        else:
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            x, padding = _same_padding(x, weight, dilation, nd)
    else:
        padding = _ntuple(padding, nd, "padding", "convolution")
    params = {"stride": stride, "padding": padding, "dilation": dilation, "transposed": False,
              "output_padding": (0,) * nd, "groups": int(groups)}
    out = _apply(_R["convolution"], (x, weight, bias), params)
    return _f.squeeze(out, 0) if unbatched else out


def _same_padding(x, weight, dilation, nd):
    """padding='same': symmetric padding where the total is even; otherwise PyTorch pads the input
    by the extra cell on the right first (ConstantPadNdBackward0), with its warning."""
    lo, pad_nd = [], [0] * (2 * nd)
    for i in range(nd):
        total = dilation[i] * (weight.shape[2 + i] - 1)
        left = total // 2
        lo.append(left)
        pad_nd[2 * (nd - 1 - i) + 1] = total - 2 * left
    if any(pad_nd):
        _warnings.warn("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded "
                       "copy of the input be created (Triggered internally at "
                       "/__w/pytorch/pytorch/aten/src/ATen/native/Convolution.cpp:1101.)", UserWarning, stacklevel=4)
        x = pad(x, pad_nd)
    return x, tuple(lo)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(2, input, weight, bias, stride, padding, dilation, groups)


# ---- pooling ----

def _pool_args(kernel_size, stride, padding, dilation=1):
    k = _ntuple(kernel_size, 2, "kernel_size", "pooling")
    s = k if stride is None or (isinstance(stride, (list, tuple)) and len(stride) == 0) else \
        _ntuple(stride, 2, "stride", "pooling")
    return k, s, _ntuple(padding, 2, "padding", "pooling"), _ntuple(dilation, 2, "dilation", "pooling")


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    k, s, p, d = _pool_args(kernel_size, stride, padding, dilation)
    params = {"kernel_size": k, "stride": s, "padding": p, "dilation": d, "ceil_mode": bool(ceil_mode)}
    out = _apply(_R["max_pool2d"], (input,), params)
    if not return_indices:
        return out
    node = out.grad_fn
    idx = node._aux if node is not None else _R["max_pool2d"].forward(input._data, **params)[1]
    return out, _Tensor._make(np.asarray(idx, dtype=np.int64))


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """The 2-d pool on ``input.unsqueeze(-2)``, squeezed back (PyTorch's graph)."""
    if input.dim() not in (2, 3):
        raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
                           f"input, but got:[{', '.join(map(str, input.shape))}]")
    k, s, p, d = (_ntuple(v, 1, n, "pooling")[0] for v, n in (
        (kernel_size, "kernel_size"), (kernel_size if stride is None else stride, "stride"), (padding, "padding"),
        (dilation, "dilation")))
    for name, v in (("kernel_size", k), ("stride", s), ("dilation", d)):
        if v <= 0:
            raise RuntimeError(f"max_pool1d() {name} must be greater than zero, but got {v}")
    out = max_pool2d(_f.unsqueeze(input, -2), (1, k), (1, s), (0, p), (1, d), ceil_mode, return_indices)
    if return_indices:
        return _f.squeeze(out[0], -2), _f.squeeze(out[1], -2)
    return _f.squeeze(out, -2)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    k, s, p, _ = _pool_args(kernel_size, stride, padding)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    return _apply(_R["avg_pool2d"], (input,), {"kernel_size": k, "stride": s, "padding": p,
                                                "ceil_mode": bool(ceil_mode),
                                                "count_include_pad": bool(count_include_pad),
                                                "divisor_override": divisor_override})


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"avg_pool1d() input tensor must have 2 or 3 dimensions but got {input.dim()}")
    k = _ntuple(kernel_size, 1, "kernel_size", "pooling")[0]
    s = k if stride is None else _ntuple(stride, 1, "stride", "pooling")[0]
    p = _ntuple(padding, 1, "padding", "pooling")[0]
    if s == 0:
        raise RuntimeError("stride should not be zero")
    out = avg_pool2d(_f.unsqueeze(input, -2), (1, k), (1, s), (0, p), ceil_mode, count_include_pad)
    return _f.squeeze(out, -2)


def adaptive_avg_pool2d(input, output_size):
    """AdaptiveAvgPool2DBackward0; an output of 1x1 is PyTorch's ``mean((-1, -2), keepdim=True)``."""
    if input.dim() not in (3, 4):
        raise RuntimeError("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                           f"{list(input.shape)}")
    size = list(output_size) if isinstance(output_size, (list, tuple)) else [output_size, output_size]
    size = tuple(int(input.shape[-2 + i]) if v is None else int(v) for i, v in enumerate(size))
    if size == (1, 1):
        return _f.mean(input, (-1, -2), keepdim=True)
    return _apply(_R["adaptive_avg_pool2d"], (input,), {"output_size": size})


def adaptive_avg_pool1d(input, output_size):
    size = output_size[0] if isinstance(output_size, (list, tuple)) else output_size
    return _f.squeeze(adaptive_avg_pool2d(_f.unsqueeze(input, -2), (1, int(size))), -2)


__all__ += ["adaptive_avg_pool1d", "adaptive_avg_pool2d", "avg_pool1d", "avg_pool2d", "binary_cross_entropy",
            "binary_cross_entropy_with_logits", "conv1d", "conv2d", "cross_entropy", "huber_loss", "kl_div",
            "l1_loss", "max_pool1d", "max_pool2d", "mse_loss", "nll_loss", "smooth_l1_loss", "soft_margin_loss"]



# ---- dropout (issue 12, C2: core.torch.nn.dropout) ----
from core.torch.nn.dropout import alpha_dropout, dropout, dropout1d, dropout2d, feature_alpha_dropout  # noqa: E402

__all__ += ["dropout", "dropout1d", "dropout2d", "alpha_dropout", "feature_alpha_dropout"]


def _conv_transpose(nd, input, weight, bias, stride, padding, output_padding, groups, dilation):
    name = f"conv_transpose{nd}d"
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, but got input "
                           f"of size: [{', '.join(map(str, input.shape))}]")
    if isinstance(padding, str):
        raise TypeError(f"{name}() received an invalid combination of arguments - got a str padding")
    if weight.dim() < 3:
        raise RuntimeError("weight should have at least three dimensions")
    unbatched = input.dim() == nd + 1
    x = _f.unsqueeze(input, 0) if unbatched else input
    params = {"stride": _ntuple(stride, nd, "stride", "convolution"),
              "padding": _ntuple(padding, nd, "padding", "convolution"),
              "dilation": _ntuple(dilation, nd, "dilation", "convolution"), "transposed": True,
              "output_padding": _ntuple(output_padding, nd, "output_padding", "convolution"), "groups": int(groups)}
    out = _apply(_R["convolution"], (x, weight, bias), params)
    return _f.squeeze(out, 0) if unbatched else out


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(1, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(2, input, weight, bias, stride, padding, output_padding, groups, dilation)


__all__ += ["conv_transpose1d", "conv_transpose2d"]


# ---- bilinear, group norm, distances (issue 12: the ops are declared in core.ops.norms) ----

from core.ops.norms import BILINEAR as _BILINEAR  # noqa: E402
from core.tensor.grad_mode import no_grad as _no_grad  # noqa: E402


def _sizes(t):
    return "[" + ", ".join(map(str, t.shape)) + "]"


def bilinear(input1, input2, weight, bias=None):
    """``x1[b] @ W[k] @ x2[b] + bias[k]`` over the leading dimensions, with PyTorch's graph: the inputs
    viewed as 2-D (ViewBackward0), TrilinearBackward0, the output viewed back, then AddBackward0."""
    if input1.dim() != input2.dim():
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.dim()} and {input2.dim()}")
    for i in range(input1.dim() - 1):
        if input1.shape[i] != input2.shape[i]:
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {i}: got "
                               f"{input1.shape[i]} and {input2.shape[i]}")
    if input1.dim() == 0:
        raise IndexError("Dimension specified as -1 but tensor has no dimensions")
    if weight.dim() != 3:
        # NOTE: PyTorch reads weight.size(1) and size(2) before checking anything else about it
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {input1.shape[-1]} but "
                           f"expected {weight.shape[1] if weight.dim() > 1 else 0}")
    if input1.shape[-1] != weight.shape[1]:
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {input1.shape[-1]} but "
                           f"expected {weight.shape[1]}")
    if input2.shape[-1] != weight.shape[2]:
        raise RuntimeError(f"bilinear(): input2 size does not match weight size: got {input2.shape[-1]} but "
                           f"expected {weight.shape[2]}")
    if bias is not None and (bias.dim() != 1 or bias.shape[0] != weight.shape[0]):
        raise RuntimeError(f"bilinear(): bias size does not match weight size: got "
                           f"{bias.shape[0] if bias.dim() else 1} but expected {weight.shape[0]}")
    kinds = [("input1", input1), ("input2", input2), ("weight", weight)] + ([("bias", bias)] if bias is not None else [])
    if len({t.dtype for _, t in kinds}) > 1:
        raise RuntimeError("All tensors must have the same dtype, got " +
                           ", ".join(f"{n}: {t.dtype.cpp_name}" for n, t in kinds))
    lead = tuple(input1.shape[:-1])
    x1 = _f.reshape(input1, -1, input1.shape[-1])
    x2 = _f.reshape(input2, -1, input2.shape[-1])
    out = _apply(_R["trilinear"], (x1, weight, x2), dict(_BILINEAR))
    out = _f.reshape(out, *lead, weight.shape[0])
    return out if bias is None else _f.add(out, bias)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """Normalization over groups of channels of each sample, then the per-channel affine map
    (NativeGroupNormBackward0), with PyTorch's checks in its order."""
    if input.dim() < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received {input.dim()}")
    shape = list(input.shape)
    size = [shape[0] * shape[1] // num_groups, num_groups] + shape[2:]
    if int(np.prod([size[0]] + size[2:])) == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size {size}")
    channels = shape[1]
    if channels % num_groups:
        raise RuntimeError(f"Expected number of channels in input to be divisible by num_groups, but got input of "
                           f"shape {_sizes(input)} and num_groups={num_groups}")
    if weight is not None and (weight.dim() != 1 or weight.numel() != channels):
        raise RuntimeError(f"Expected weight to be a vector of size equal to the number of channels in input, but "
                           f"got weight of shape {_sizes(weight)} and input of shape {_sizes(input)}")
    if bias is not None and (bias.dim() != 1 or bias.numel() != channels):
        # NOTE: PyTorch's message shows the weight's shape here ([0] without a weight)
        raise RuntimeError(f"Expected bias to be a vector of size equal to the number of channels in input, but "
                           f"got bias of shape {'[0]' if weight is None else _sizes(weight)} and input of shape "
                           f"{_sizes(input)}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"GroupNormKernelImpl\" not implemented for '{input.dtype.scalar_name}'")
    return _apply(_R["native_group_norm"], (input, weight, bias), {"num_groups": int(num_groups), "eps": float(eps)})


def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    """``norm(x1 - x2 + eps, p)`` over the last dimension, composed as PyTorch composes it
    (SubBackward0, AddBackward1, NormBackward1)."""
    inner = max(x1.dim(), x2.dim()) - 1
    diff = _apply(_R["add_scalar"], (_f.sub(x1, x2),), {"other": eps})
    return _apply(_R["norm_dim"], (diff,), {"p": float(p), "dim": (inner,), "keepdim": bool(keepdim)})


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """``sum(x1 / ||x1|| * x2 / ||x2||, dim)``, each norm clamped to ``eps`` without a gradient, composed
    as PyTorch composes it (LinalgVectorNormBackward0, CloneBackward0, DivBackward0, MulBackward0,
    SumBackward1)."""
    common = dtypes.result_type(x1.dtype, x2.dtype, zero_dim=(x1.dim() == 0, x2.dim() == 0))
    if not common.is_floating_point:
        raise RuntimeError(f"expected common dtype to be floating point, yet common dtype is {common.scalar_name}")
    x1 = x1 if x1.dtype.is_floating_point else _f.to(x1, common)
    x2 = x2 if x2.dtype.is_floating_point else _f.to(x2, common)
    if tuple(x1.shape) != tuple(x2.shape):
        try:
            shape = np.broadcast_shapes(tuple(x1.shape), tuple(x2.shape))
        except ValueError:
            raise RuntimeError(_broadcast_error(tuple(x1.shape), tuple(x2.shape))) from None
        x1, x2 = _f.expand(x1, *shape), _f.expand(x2, *shape)
    norms = []
    for x in (x1, x2):
        n = _f.clone(_f.norm(x, 2, dim, keepdim=True))
        # NOTE: PyTorch always clamps in place under no_grad; a norm already >= eps is left as it is, so
        # the symbolic shadow (which takes a no_grad write for a constant) keeps the norm's expression
        if bool((np.asarray(n._data) < eps).any()):
            with _no_grad():
                n.clamp_min_(eps)
        norms.append(n)
    return _f.sum(_f.mul(_f.div(x1, norms[0]), _f.div(x2, norms[1])), dim)


__all__ += ["bilinear", "cosine_similarity", "group_norm", "pairwise_distance"]


# ---------------------------------------------------------------------------
# interpolate (the ops are declared in core.ops.upsample)
# ---------------------------------------------------------------------------

from core.torch.nn.upsampling import interpolate, upsample, upsample_bilinear, upsample_nearest  # noqa: E402,F401
from core.torch.nn import upsampling as _upsampling  # noqa: E402

__all__ += _upsampling.__all__
_upsampling.AREA.update({1: adaptive_avg_pool1d, 2: adaptive_avg_pool2d})
