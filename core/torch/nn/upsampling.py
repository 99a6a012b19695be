"""``F.interpolate`` and its deprecated spellings (``F.upsample``, ``upsample_nearest``, ``upsample_bilinear``),
as PyTorch 2.13's Python function checks its arguments and picks the op (:mod:`core.ops.upsample`):
'nearest', 'nearest-exact', 'linear', 'bilinear', 'trilinear' and 'area' (adaptive average pooling)."""
from __future__ import annotations

import math
import warnings

import numpy as np

from core.ops import REGISTRY as _R, apply as _apply

_NEEDS = {"linear": 3, "bilinear": 4, "trilinear": 5}
# mode 'area' is adaptive average pooling: F.adaptive_avg_pool{k}d by k, filled in by torch.nn.functional
AREA = {}


def _is_integer(x):
    return isinstance(x, (int, np.integer))


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """Resample the spatial dims of an (N, C, *spatial) input to ``size`` or by ``scale_factor``."""
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError("Input and output must have the same number of spatial dimensions, but got "
                                 f"input with spatial dimensions of {list(input.shape[2:])} and output size of "
                                 f"{size}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output "
                                 "size in (o1, o2, ...,oK) format.")
            if not all(_is_integer(x) for x in size):
                raise TypeError("expected size to be one of int or Tuple[int] or Tuple[int, int] or "
                                f"Tuple[int, int, int], but got size with types {[type(x) for x in size]}")
            output_size = list(size)
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got "
                                 f"input with spatial dimensions of {list(input.shape[2:])} and scale_factor of "
                                 f"shape {scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) "
                                 "format and scale_factor in (s1, s2, ...,sK) format.")
            scale_factors = list(scale_factor)
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor:
        output_size = [math.floor(input.shape[i + 2] * scale_factors[i]) for i in range(dim)]
        scale_factors = None
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.dim() == 4):
        raise ValueError("Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a "
                         "4-D tensor as input")
    nd = input.dim()
    if nd in (3, 4, 5):
        k = nd - 2
        if mode in ("nearest", "nearest-exact"):
            name = f"upsample_nearest{k}d" if mode == "nearest" else f"_upsample_nearest_exact{k}d"
            return _upsample(name, input, output_size, scale_factors)
        if mode == "area":
            if k not in AREA:
                raise NotImplementedError(f"F.interpolate mode 'area' on a {nd}D input is not supported in "
                                          "Backprop Lens yet")
            return AREA[k](input, output_size)
        if _NEEDS.get(mode) == nd and not antialias:
            name = {3: "upsample_linear1d", 4: "upsample_bilinear2d", 5: "upsample_trilinear3d"}[nd]
            return _upsample(name, input, output_size, scale_factors, align_corners)
        if mode in ("bicubic", "lanczos") or antialias:
            raise NotImplementedError(f"F.interpolate mode '{mode}'{' with antialias' if antialias else ''} is not "
                                      "supported in Backprop Lens yet")
        if mode in _NEEDS:
            raise NotImplementedError(f"Got {nd}D input, but {mode} mode needs {_NEEDS[mode]}D input")
    raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {nd}D) for the modes: "
                              "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact "
                              f"(got {mode})")


def _upsample(name, input, output_size, scale_factors, align_corners=None):
    params = {"output_size": None if output_size is None else tuple(int(v) for v in output_size),
              "scale_factors": None if scale_factors is None else tuple(float(v) for v in scale_factors)}
    if align_corners is not None:
        params["align_corners"] = bool(align_corners)
    return _apply(_R[name], (input,), params)


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    warnings.warn("`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` instead.",
                  UserWarning, stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_nearest` is deprecated. Use `nn.functional.interpolate` instead.",
                  UserWarning, stacklevel=2)
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_bilinear` is deprecated. Use `nn.functional.interpolate` instead.",
                  UserWarning, stacklevel=2)
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


__all__ = ["interpolate", "upsample", "upsample_nearest", "upsample_bilinear"]
