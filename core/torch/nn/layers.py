"""The layer, activation and loss modules of ``torch.nn``, as PyTorch 2.13 builds and prints them.

Each forward calls ``torch.nn.functional`` by PyTorch's name (looked up when called, so a
function registered there later is the one used); each constructor draws its default
initialisation with ``torch.nn.init`` in PyTorch's order, so a seeded program gets
PyTorch's weights.
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from core import dtypes
from core.tensor.grad_mode import no_grad
from core.torch import creation
from core.torch.nn import functional, init
from core.torch.nn.module import Module, Parameter


def F(name):
    """``torch.nn.functional.<name>``, looked up at call time."""
    fn = getattr(functional, name, None)
    if fn is None:
        raise NotImplementedError(f"torch.nn.functional.{name} is not available in Backprop Lens yet")
    return fn


def _empty(*shape):
    return Parameter(creation.empty(*shape))


def _reset_linear_like(weight, bias, fan_in):
    """PyTorch's default for Linear, Bilinear and Conv: kaiming_uniform_(a=sqrt(5)) on the
    weight, then the bias uniform in +-1/sqrt(fan_in)."""
    init.kaiming_uniform_(weight, a=math.sqrt(5))
    if bias is not None:
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init.uniform_(bias, -bound, bound)


def _tuple(x, n):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,) * n


# ---------------------------------------------------------------------------
# layers
# ---------------------------------------------------------------------------

class Identity(Module):
    _torch_module = "linear"

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    _torch_module = "linear"
    _bpl_methods = frozenset({"reset_parameters"})

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = _empty(out_features, in_features)
        if bias:
            self.bias = _empty(out_features)
        else:
            self.register_parameter("bias", None)
        self._method("reset_parameters")()   # a subclass's own, as Python would call it
        if dtype is not None:
            self.to(dtype)

    def reset_parameters(self):
        _reset_linear_like(self.weight, self.bias, self.in_features)

    def forward(self, input):
        linear = getattr(functional, "linear", None)
        if linear is not None:
            return linear(input, self.weight, self.bias)
        # NOTE: until F.linear is registered: the same numbers, grad_fn MmBackward0/AddBackward0
        out = input.matmul(self.weight.t())
        return out if self.bias is None else out + self.bias

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


class UninitializedParameter(Parameter):
    """A LazyLinear's parameter before the first call tells its size."""

    def __repr__(self):
        return "<UninitializedParameter>"

    __str__ = __repr__


class LazyLinear(Module):
    """``nn.LazyLinear(out_features)``: ``in_features`` is taken from the first input, when the
    weight and bias are drawn (as Linear draws them) and the module becomes a Linear."""

    _torch_module = "linear"
    _bpl_methods = frozenset({"reset_parameters"})

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features, self.out_features = 0, out_features
        self.weight = UninitializedParameter()
        if bias:
            self.bias = UninitializedParameter()
        else:
            self.register_parameter("bias", None)

    def reset_parameters(self):
        if not isinstance(self.weight, UninitializedParameter) and self.in_features != 0:
            Linear.reset_parameters(self)

    def forward(self, input):
        if isinstance(self.weight, UninitializedParameter):
            self.in_features = input.shape[-1]
            self.weight = _empty(self.out_features, self.in_features)
            if self.bias is not None:
                self.bias = _empty(self.out_features)
            self._method("reset_parameters")()   # a subclass's own, as Python would call it
            self.__class__ = Linear
        return Linear.forward(self, input)

    extra_repr = Linear.extra_repr


class Bilinear(Module):
    _torch_module = "linear"
    _bpl_methods = frozenset({"reset_parameters"})

    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in1_features, self.in2_features, self.out_features = in1_features, in2_features, out_features
        self.weight = _empty(out_features, in1_features, in2_features)
        if bias:
            self.bias = _empty(out_features)
        else:
            self.register_parameter("bias", None)
        self._method("reset_parameters")()   # a subclass's own, as Python would call it

    def reset_parameters(self):
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return F("bilinear")(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return (f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
                f"out_features={self.out_features}, bias={self.bias is not None}")


class Flatten(Module):
    _torch_module = "flatten"

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Unflatten(Module):
    _torch_module = "flatten"

    def __init__(self, dim, unflattened_size):
        super().__init__()
        self.dim, self.unflattened_size = dim, unflattened_size

    def forward(self, input):
        shape = list(input.shape)
        d = self.dim % len(shape)
        return input.view(*(shape[:d] + list(self.unflattened_size) + shape[d + 1:]))

    def extra_repr(self):
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


class Embedding(Module):
    _torch_module = "sparse"
    _bpl_class_methods = frozenset({"from_pretrained"})
    _bpl_methods = frozenset({"reset_parameters"})

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < num_embeddings, "Padding_idx must be within num_embeddings"
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, "Padding_idx must be within num_embeddings"
                padding_idx = num_embeddings + padding_idx
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            self.weight = _empty(num_embeddings, embedding_dim)
            self._method("reset_parameters")()   # a subclass's own, as Python would call it
        else:
            self.weight = Parameter(_weight, requires_grad=not _freeze)

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None, norm_type=2.0,
                        scale_grad_by_freq=False, sparse=False):
        """An Embedding whose weight is ``embeddings`` (shared, frozen unless ``freeze=False``)."""
        assert embeddings.dim() == 2, "Embeddings parameter is expected to be 2-dimensional"
        rows, cols = embeddings.shape
        return cls(num_embeddings=rows, embedding_dim=cols, _weight=embeddings, _freeze=freeze,
                   padding_idx=padding_idx, max_norm=max_norm, norm_type=norm_type,
                   scale_grad_by_freq=scale_grad_by_freq, sparse=sparse)

    def reset_parameters(self):
        init.normal_(self.weight)
        if self.padding_idx is not None:
            with no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return F("embedding")(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                              self.scale_grad_by_freq, self.sparse)

    def extra_repr(self):
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            s += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            s += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq is not False:
            s += ", scale_grad_by_freq=True"
        if self.sparse is not False:
            s += ", sparse=True"
        return s


class _ConvNd(Module):
    _torch_module = "conv"
    _n = 2
    _bpl_methods = frozenset({"reset_parameters"})

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        n = self._n
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = _tuple(kernel_size, n)
        self.stride = _tuple(stride, n)
        self.padding = padding if isinstance(padding, str) else _tuple(padding, n)
        self.dilation = _tuple(dilation, n)
        self.output_padding = (0,) * n
        self.groups, self.padding_mode = groups, padding_mode
        self.weight = _empty(out_channels, in_channels // groups, *self.kernel_size)
        if bias:
            self.bias = _empty(out_channels)
        else:
            self.register_parameter("bias", None)
        self._method("reset_parameters")()   # a subclass's own, as Python would call it

    def reset_parameters(self):
        fan_in = (self.in_channels // self.groups) * int(np.prod(self.kernel_size))
        _reset_linear_like(self.weight, self.bias, fan_in)

    def forward(self, input):
        if self.padding_mode != "zeros":
            raise NotImplementedError(f"padding_mode='{self.padding_mode}' is not available in Backprop Lens")
        return F(f"conv{self._n}d")(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                                    self.groups)

    def extra_repr(self):
        s = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
             f"stride={self.stride}")
        if self.padding != (0,) * len(self.padding):
            s += f", padding={self.padding if not isinstance(self.padding, str) else repr(self.padding)}"
        if self.dilation != (1,) * len(self.dilation):
            s += f", dilation={self.dilation}"
        if self.output_padding != (0,) * len(self.output_padding):
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += f", padding_mode={self.padding_mode}"
        return s


class Conv1d(_ConvNd):
    _n = 1


class Conv2d(_ConvNd):
    _n = 2


class _ConvTransposeNd(_ConvNd):
    """``nn.ConvTranspose1d/2d``: the weight is (in, out // groups, *kernel), drawn as PyTorch draws it (its
    fan-in is the weight's second size times the kernel's); the forward is ``F.conv_transpose{n}d``."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        Module.__init__(self)
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        n = self._n
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = _tuple(kernel_size, n)
        self.stride = _tuple(stride, n)
        self.padding = _tuple(padding, n)
        self.dilation = _tuple(dilation, n)
        self.output_padding = _tuple(output_padding, n)
        self.groups, self.padding_mode = groups, padding_mode
        self.weight = _empty(in_channels, out_channels // groups, *self.kernel_size)
        if bias:
            self.bias = _empty(out_channels)
        else:
            self.register_parameter("bias", None)
        self._method("reset_parameters")()

    def reset_parameters(self):
        fan_in = (self.out_channels // self.groups) * int(np.prod(self.kernel_size))
        _reset_linear_like(self.weight, self.bias, fan_in)

    def forward(self, input):
        return F(f"conv_transpose{self._n}d")(input, self.weight, self.bias, self.stride, self.padding,
                                              self.output_padding, self.groups, self.dilation)


class ConvTranspose1d(_ConvTransposeNd):
    _n = 1


class ConvTranspose2d(_ConvTransposeNd):
    _n = 2


class _AdaptiveAvgPoolNd(Module):
    """``nn.AdaptiveAvgPool1d/2d(output_size)``: ``F.adaptive_avg_pool{n}d``; its size printed as given."""

    _torch_module = "pooling"

    def __init__(self, output_size):
        super().__init__()
        self.output_size = tuple(output_size) if isinstance(output_size, list) else output_size

    def forward(self, input):
        return F(f"adaptive_avg_pool{self._n}d")(input, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    _n = 1


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    _n = 2


class _LazyConvNd:
    """``nn.LazyConv1d/2d(out_channels, kernel_size, ...)``: ``in_channels`` is taken from the first
    input, when the weight and bias are drawn (as the Conv draws them) and the module becomes one."""

    def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", device=None, dtype=None):
        self._conv.__init__(self, 0, out_channels, kernel_size, stride, padding, dilation, 1, bias, padding_mode)
        self.groups = groups
        self.weight = UninitializedParameter()
        if bias:
            self.bias = UninitializedParameter()

    def reset_parameters(self):
        if not isinstance(self.weight, UninitializedParameter) and self.in_channels != 0:
            self._conv.reset_parameters(self)

    def forward(self, input):
        conv = self._conv
        if isinstance(self.weight, UninitializedParameter):
            spatial = self._n
            if input.dim() not in (spatial + 1, spatial + 2):
                raise RuntimeError(f"Expected {spatial + 1}D (unbatched) or {spatial + 2}D (batched) input to "
                                   f"{type(self).__name__}, but got input of size: {input.shape}")
            self.in_channels = input.shape[1] if input.dim() == spatial + 2 else input.shape[0]
            if self.in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            self.weight = _empty(self.out_channels, self.in_channels // self.groups, *self.kernel_size)
            if self.bias is not None:
                self.bias = _empty(self.out_channels)
            self._method("reset_parameters")()
            self.__class__ = conv
        return conv.forward(self, input)


class LazyConv1d(_LazyConvNd, Conv1d):
    _conv = Conv1d


class LazyConv2d(_LazyConvNd, Conv2d):
    _conv = Conv2d


class _MaxPoolNd(Module):
    _torch_module = "pooling"
    _n = 2

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def forward(self, input):
        return F(f"max_pool{self._n}d")(input, self.kernel_size, self.stride, self.padding, self.dilation,
                                        ceil_mode=self.ceil_mode, return_indices=self.return_indices)

    def extra_repr(self):
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, ceil_mode={self.ceil_mode}")


class MaxPool1d(_MaxPoolNd):
    _n = 1


class MaxPool2d(_MaxPoolNd):
    _n = 2


class AvgPool2d(Module):
    _torch_module = "pooling"

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.ceil_mode = padding, ceil_mode
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def forward(self, input):
        return F("avg_pool2d")(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                               self.count_include_pad, self.divisor_override)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1d(Module):
    """``nn.AvgPool1d``: its sizes kept as 1-tuples, as PyTorch's ``_single`` keeps them."""

    _torch_module = "pooling"

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        one = (lambda v: tuple(v) if isinstance(v, (list, tuple)) else (v,))
        self.kernel_size = one(kernel_size)
        self.stride = one(stride if stride is not None else kernel_size)
        self.padding = one(padding)
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad

    def forward(self, input):
        return F("avg_pool1d")(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                               self.count_include_pad)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class _BatchNorm(Module):
    _torch_module = "batchnorm"
    _version = 2
    _bpl_methods = frozenset({"reset_parameters", "reset_running_stats"})

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 device=None, dtype=None):
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        if affine:
            self.weight = Parameter(creation.ones(num_features))
            self.bias = Parameter(creation.zeros(num_features))
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", creation.zeros(num_features))
            self.register_buffer("running_var", creation.ones(num_features))
            self.register_buffer("num_batches_tracked", creation.tensor(0, dtype=dtypes.int64))
        else:
            for name in ("running_mean", "running_var", "num_batches_tracked"):
                self.register_buffer(name, None)

    def reset_running_stats(self):
        if self.track_running_stats:
            with no_grad():
                self.running_mean.zero_()
                self.running_var.fill_(1)
                self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            with no_grad():
                self.weight.fill_(1)
                self.bias.zero_()

    def _check_input_dim(self, input):
        pass

    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            with no_grad():
                self.num_batches_tracked.add_(1)
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked)
        use_batch = self.training or (self.running_mean is None and self.running_var is None)
        track = not self.training or self.track_running_stats
        return F("batch_norm")(input, self.running_mean if track else None, self.running_var if track else None,
                               self.weight, self.bias, use_batch, factor, self.eps)

    def extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
                f"bias={self.bias is not None}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class BatchNorm2d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError(f"expected 4D input (got {input.dim()}D input)")


class LayerNorm(Module):
    _torch_module = "normalization"
    _bpl_methods = frozenset({"reset_parameters"})

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, device=None, dtype=None):
        super().__init__()
        self.normalized_shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        self.eps, self.elementwise_affine = eps, elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(creation.ones(*self.normalized_shape))
            if bias:
                self.bias = Parameter(creation.zeros(*self.normalized_shape))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input):
        return F("layer_norm")(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}, "
                f"bias={self.bias is not None}")


class GroupNorm(Module):
    """``nn.GroupNorm(num_groups, num_channels)``: the channels of each sample normalized by groups, then a
    per-channel weight (ones) and bias (zeros) when ``affine``."""

    _torch_module = "normalization"
    _bpl_methods = frozenset({"reset_parameters"})

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, device=None, dtype=None, *, bias=True):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(f"num_channels ({num_channels}) must be divisible by num_groups ({num_groups})")
        self.num_groups, self.num_channels, self.eps, self.affine = num_groups, num_channels, eps, affine
        if affine:
            self.weight = _empty(num_channels)
            if bias:
                self.bias = _empty(num_channels)
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        self._method("reset_parameters")()   # a subclass's own, as Python would call it
        if dtype is not None:
            self.to(dtype)

    def reset_parameters(self):
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def forward(self, input):
        return F("group_norm")(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}, "
                f"bias={self.bias is not None}")


class PairwiseDistance(Module):
    """``nn.PairwiseDistance(p=2.0, eps=1e-6, keepdim=False)``: the p-norm of ``x1 - x2 + eps`` along the
    last dimension (the exponent kept as ``norm``, as PyTorch keeps it)."""

    _torch_module = "distance"

    def __init__(self, p=2.0, eps=1e-6, keepdim=False):
        super().__init__()
        self.norm, self.eps, self.keepdim = p, eps, keepdim

    def forward(self, x1, x2):
        return F("pairwise_distance")(x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    """``nn.CosineSimilarity(dim=1, eps=1e-8)``."""

    _torch_module = "distance"

    def __init__(self, dim=1, eps=1e-8):
        super().__init__()
        self.dim, self.eps = dim, eps

    def forward(self, x1, x2):
        return F("cosine_similarity")(x1, x2, self.dim, self.eps)


class Dropout(Module):
    _torch_module = "dropout"
    _fn = "dropout"     # the functional it calls (Dropout1d/2d: the channel-wise ones)

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def forward(self, input):
        return F(self._fn)(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(Dropout):
    """Channel-wise dropout of (N, C, L) or (C, L) inputs."""
    _fn = "dropout1d"


class Dropout2d(Dropout):
    """Channel-wise dropout of (N, C, H, W) inputs."""
    _fn = "dropout2d"


class AlphaDropout(Dropout):
    """Dropout keeping a SELU network's mean and variance."""
    _fn = "alpha_dropout"


class FeatureAlphaDropout(Dropout):
    """Alpha dropout of whole channels."""
    _fn = "feature_alpha_dropout"


# ---------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------

class _Activation(Module):
    """An activation: ``fn`` applied with the keyword arguments named in ``_args``."""

    _torch_module = "activation"
    _fn = ""
    _args: tuple = ()

    def forward(self, input):
        kwargs = {a: getattr(self, a) for a in self._args}
        if not kwargs.get("inplace", True):
            del kwargs["inplace"]   # F.relu(x) as PyTorch's module calls it, in-place only when asked
        return F(self._fn)(input, **kwargs)


class ReLU(_Activation):
    _fn = "relu"
    _args = ("inplace",)

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class LeakyReLU(_Activation):
    _fn = "leaky_relu"
    _args = ("negative_slope", "inplace")

    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope, self.inplace = negative_slope, inplace

    def extra_repr(self):
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace else "")


class PReLU(Module):
    _torch_module = "activation"

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        super().__init__()
        self.num_parameters, self.init = num_parameters, init
        self.weight = Parameter(creation.full((num_parameters,), float(init)))

    def forward(self, input):
        return F("prelu")(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"


class Sigmoid(_Activation):
    _fn = "sigmoid"


class Tanh(_Activation):
    _fn = "tanh"


class SiLU(_Activation):
    _fn = "silu"
    _args = ("inplace",)

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class _DimActivation(_Activation):
    _args = ("dim",)

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def extra_repr(self):
        return f"dim={self.dim}"


class Softmax(_DimActivation):
    _fn = "softmax"


class LogSoftmax(_DimActivation):
    _fn = "log_softmax"


class GELU(_Activation):
    _fn = "gelu"
    _args = ("approximate",)

    def __init__(self, approximate="none"):
        super().__init__()
        self.approximate = approximate

    def extra_repr(self):
        return f"approximate={self.approximate!r}"


class ELU(_Activation):
    _fn = "elu"
    _args = ("alpha", "inplace")

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def extra_repr(self):
        return f"alpha={self.alpha}" + (", inplace=True" if self.inplace else "")


class Softplus(_Activation):
    _fn = "softplus"
    _args = ("beta", "threshold")

    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def extra_repr(self):
        return f"beta={self.beta}, threshold={self.threshold}"


class Hardtanh(_Activation):
    _fn = "hardtanh"
    _args = ("min_val", "max_val", "inplace")

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        self.min_val, self.max_val, self.inplace = min_val, max_val, inplace

    def extra_repr(self):
        return f"min_val={self.min_val}, max_val={self.max_val}" + (", inplace=True" if self.inplace else "")


# ---------------------------------------------------------------------------
# losses
# ---------------------------------------------------------------------------

def _legacy_reduction(size_average, reduce):
    """PyTorch's mapping of the deprecated size_average/reduce to ``reduction``, with its warning."""
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    ret = "mean" if size_average and reduce else ("sum" if reduce else "none")
    warnings.warn(f"size_average and reduce args will be deprecated, please use reduction='{ret}' instead.")
    return ret


class _Loss(Module):
    _torch_module = "loss"
    _fn = ""
    _args: tuple = ()

    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            reduction = _legacy_reduction(size_average, reduce)
        self.reduction = reduction

    def forward(self, input, target):
        return F(self._fn)(input, target, reduction=self.reduction, **{a: getattr(self, a) for a in self._args})


class _WeightedLoss(_Loss):
    _args = ("weight",)

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)


class MSELoss(_Loss):
    _fn = "mse_loss"


class L1Loss(_Loss):
    _fn = "l1_loss"


class SmoothL1Loss(_Loss):
    _fn = "smooth_l1_loss"
    _args = ("beta",)

    def __init__(self, size_average=None, reduce=None, reduction="mean", beta=1.0):
        super().__init__(size_average, reduce, reduction)
        self.beta = beta


class HuberLoss(_Loss):
    _fn = "huber_loss"
    _args = ("delta",)

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction=reduction)
        self.delta = delta


class KLDivLoss(_Loss):
    _fn = "kl_div"
    _args = ("log_target",)

    def __init__(self, size_average=None, reduce=None, reduction="mean", log_target=False):
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target


class BCELoss(_WeightedLoss):
    _fn = "binary_cross_entropy"


class BCEWithLogitsLoss(_Loss):
    _fn = "binary_cross_entropy_with_logits"
    _args = ("weight", "pos_weight")

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.register_buffer("pos_weight", pos_weight)


class NLLLoss(_WeightedLoss):
    _fn = "nll_loss"
    _args = ("weight", "ignore_index")

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index


class CrossEntropyLoss(_WeightedLoss):
    _fn = "cross_entropy"
    _args = ("weight", "ignore_index", "label_smoothing")

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                 label_smoothing=0.0):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index, self.label_smoothing = ignore_index, label_smoothing


class PoissonNLLLoss(_Loss):
    _fn = "poisson_nll_loss"
    _args = ("log_input", "full", "eps")

    def __init__(self, log_input=True, full=False, size_average=None, eps=1e-08, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.log_input, self.full, self.eps = log_input, full, eps


class SoftMarginLoss(_Loss):
    _fn = "soft_margin_loss"


class HingeEmbeddingLoss(_Loss):
    _fn = "hinge_embedding_loss"
    _args = ("margin",)

    def __init__(self, margin=1.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin


class MarginRankingLoss(_Loss):
    _fn = "margin_ranking_loss"

    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1, input2, target):
        return F(self._fn)(input1, input2, target, margin=self.margin, reduction=self.reduction)


class CosineEmbeddingLoss(MarginRankingLoss):
    _fn = "cosine_embedding_loss"


class TripletMarginLoss(_Loss):
    _fn = "triplet_margin_loss"

    def __init__(self, margin=1.0, p=2.0, eps=1e-06, swap=False, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin, self.p, self.eps, self.swap = margin, p, eps, swap

    def forward(self, anchor, positive, negative):
        return F(self._fn)(anchor, positive, negative, margin=self.margin, p=self.p, eps=self.eps, swap=self.swap,
                           reduction=self.reduction)


class MultiMarginLoss(_WeightedLoss):
    _fn = "multi_margin_loss"
    _args = ("p", "margin", "weight")

    def __init__(self, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        if p not in (1, 2):
            raise ValueError("only p == 1 and p == 2 supported")
        if weight is not None and weight.dim() != 1:
            raise ValueError(f"MultiMarginLoss: expected weight to be None or 1D tensor, got {weight.dim()}D instead")
        self.p, self.margin = p, margin


class MultiLabelMarginLoss(_Loss):
    _fn = "multilabel_margin_loss"


class CTCLoss(_Loss):
    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction=reduction)
        self.blank, self.zero_infinity = blank, zero_infinity

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return F("ctc_loss")(log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction,
                             self.zero_infinity)


LAYERS = [Identity, Linear, LazyLinear, Bilinear, Flatten, Unflatten, Embedding, Conv1d, Conv2d, LazyConv1d, LazyConv2d, MaxPool1d, MaxPool2d,
          AvgPool1d, AvgPool2d, BatchNorm1d, BatchNorm2d, LayerNorm, GroupNorm, PairwiseDistance,
          CosineSimilarity, Dropout, Dropout1d, Dropout2d, AlphaDropout,
          FeatureAlphaDropout, ReLU, LeakyReLU, PReLU, Sigmoid, Tanh, Softmax,
          LogSoftmax, GELU, ELU, SiLU, Softplus, Hardtanh, MSELoss, L1Loss, SmoothL1Loss, HuberLoss, CrossEntropyLoss,
          NLLLoss, BCELoss, BCEWithLogitsLoss, KLDivLoss, PoissonNLLLoss, SoftMarginLoss, HingeEmbeddingLoss,
          MarginRankingLoss, CosineEmbeddingLoss, TripletMarginLoss, MultiMarginLoss, MultiLabelMarginLoss,
          CTCLoss]
LAYERS += [ConvTranspose1d, ConvTranspose2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d]


__all__ = [c.__name__ for c in LAYERS]
for _c in LAYERS:   # type(layer) prints as PyTorch's class
    _c.__module__ = "torch.nn.modules." + _c._torch_module
