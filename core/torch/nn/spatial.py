"""The modules of ``torch.nn`` that resample or pad an image-like input, and ``Softmax2d``, as PyTorch 2.13
builds and prints them: each is a call of ``torch.nn.functional`` (``interpolate``, ``pad``, ``softmax``)."""
from __future__ import annotations

from core.torch.nn.layers import F
from core.torch.nn.module import Module


class Upsample(Module):
    """``nn.Upsample``: ``F.interpolate`` with the module's settings."""

    _torch_module = "upsampling"

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple(float(factor) for factor in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F("interpolate")(input, self.size, self.scale_factor, self.mode, self.align_corners,
                                recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self):
        info = f"scale_factor={self.scale_factor!r}" if self.scale_factor is not None else f"size={self.size!r}"
        return info + f", mode={self.mode!r}"


class UpsamplingNearest2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)


def _ntuple(padding, n):
    return tuple(padding) if isinstance(padding, (tuple, list)) else (padding,) * n


class _PadNd(Module):
    """``F.pad(input, padding, mode[, value])``; ``padding`` an int (every side) or the sides' tuple."""

    _torch_module = "padding"
    _mode = "constant"
    _sides = 2

    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, self._sides)

    def forward(self, input):
        return F("pad")(input, self.padding, self._mode)

    def extra_repr(self):
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    def __init__(self, padding, value):
        super().__init__(padding)
        self.value = value

    def forward(self, input):
        return F("pad")(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class _ZeroPadNd(_ConstantPadNd):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


def _pads(base, prefix, mode=None):
    classes = []
    for n in (1, 2, 3):
        body = {"_sides": 2 * n, "__qualname__": f"{prefix}{n}d"}
        if mode is not None:
            body["_mode"] = mode
        classes.append(type(f"{prefix}{n}d", (base,), body))
    return classes


ZeroPad1d, ZeroPad2d, ZeroPad3d = _pads(_ZeroPadNd, "ZeroPad")
ConstantPad1d, ConstantPad2d, ConstantPad3d = _pads(_ConstantPadNd, "ConstantPad")
ReflectionPad1d, ReflectionPad2d, ReflectionPad3d = _pads(_PadNd, "ReflectionPad", "reflect")
ReplicationPad1d, ReplicationPad2d, ReplicationPad3d = _pads(_PadNd, "ReplicationPad", "replicate")


class Softmax2d(Module):
    """Softmax over the channels of a (C, H, W) or (N, C, H, W) input: ``F.softmax(input, -3)``."""

    _torch_module = "activation"

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead")
        return F("softmax")(input, -3)


SPATIAL = [Upsample, UpsamplingNearest2d, UpsamplingBilinear2d, ZeroPad1d, ZeroPad2d, ZeroPad3d, ConstantPad1d,
           ConstantPad2d, ConstantPad3d, ReflectionPad1d, ReflectionPad2d, ReflectionPad3d, ReplicationPad1d,
           ReplicationPad2d, ReplicationPad3d, Softmax2d]
for _c in SPATIAL:   # type(layer) prints as PyTorch's class
    _c.__module__ = "torch.nn.modules." + _c._torch_module

__all__ = [c.__name__ for c in SPATIAL]
