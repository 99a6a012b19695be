"""Regenerate cases.json: real PyTorch's repr() of many tensors, for core/printing.py.

Run with a Python that has torch (2.13) installed, from the repo root:

    .venv/bin/python tests/data/printing/make_cases.py

Each case records the tensor's values (flat, row-major; non-finite floats as the
strings "nan" / "inf" / "-inf"), shape, dtype, the default dtype, the list of
``torch.set_printoptions`` calls applied (after resetting to the default profile),
requires_grad / grad_fn / Parameter-ness, and torch's exact ``repr`` text.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import torch

from core import dtypes

OUT = Path(__file__).with_name("cases.json")
SEED = 20240613
NAN, INF = math.nan, math.inf

NP_DTYPES = {d.name: d.np for d in dtypes.ALL}   # torch dtype name -> numpy dtype
FLOATS = ("float16", "float32", "float64")


# ----------------------------------------------------------------------------- recording


def encode(value):
    """A JSON-safe scalar that decodes to exactly the same tensor element (a complex one: [real, imag])."""
    if isinstance(value, complex):
        return [encode(value.real), encode(value.imag)]
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    return value


def make_tensor(arr, dtype, grad="none", parameter=False):
    """A torch tensor from numpy data; grad is none / leaf / a grad_fn-producing op."""
    t = torch.from_numpy(arr.copy())  # copy() keeps 0-dim arrays 0-dim
    if parameter:
        return torch.nn.Parameter(t, requires_grad=(grad == "leaf"))
    if grad == "none":
        return t
    t = t.detach().requires_grad_(True)
    if grad == "leaf":
        return t
    return {"mul": lambda x: x * 1, "clone": torch.clone, "view": lambda x: x.view(x.shape)}[grad](t)


def record(name, arr, dtype, *, options=(), default_dtype="float32", grad="none", parameter=False):
    """Build the tensor under the given options/default dtype and record torch's repr."""
    arr = np.asarray(arr, dtype=NP_DTYPES[dtype])
    torch.set_printoptions(profile="default")
    torch.set_default_dtype(getattr(torch, default_dtype))
    try:
        for call in options:
            torch.set_printoptions(**call)
        t = make_tensor(arr, dtype, grad, parameter)
        expected = repr(t)
        data = t.detach()
    finally:
        torch.set_printoptions(profile="default")
        torch.set_default_dtype(torch.float32)
    assert str(data.dtype) == "torch." + dtype
    return {
        "name": name,
        "values": [encode(v) for v in data.reshape(-1).tolist()],
        "shape": list(data.shape),
        "dtype": dtype,
        "default_dtype": default_dtype,
        "options": list(options),
        "requires_grad": bool(t.requires_grad),
        "grad_fn": type(t.grad_fn).__name__ if t.grad_fn is not None else None,
        "is_parameter": isinstance(t, torch.nn.Parameter),
        "expected": expected,
    }


# ----------------------------------------------------------------------------- hand-picked


def scalar_cases():
    yield "scalar_whole", 6.0, "float32"
    yield "scalar_frac", 3.5, "float32"
    yield "scalar_zero", 0.0, "float32"
    yield "scalar_negzero", -0.0, "float32"
    yield "scalar_nan", NAN, "float32"
    yield "scalar_inf", INF, "float32"
    yield "scalar_neginf", -INF, "float32"
    yield "scalar_tiny", 1e-5, "float32"
    yield "scalar_huge", 1e10, "float32"
    yield "scalar_1e8", 1e8, "float32"
    yield "scalar_mixed", 123456.789, "float32"
    yield "scalar_neg", -2.75, "float32"
    yield "scalar_f64", 0.1, "float64"
    yield "scalar_f16", 0.1, "float16"
    yield "scalar_int64", 7, "int64"
    yield "scalar_int64_neg", -123456789012, "int64"
    yield "scalar_int32", -3, "int32"
    yield "scalar_int8", 5, "int8"
    yield "scalar_uint8", 200, "uint8"
    yield "scalar_true", True, "bool"
    yield "scalar_false", False, "bool"


def vector_cases():
    yield "vec_whole", [1.0, 2.0, 3.0], "float32"
    yield "vec_frac", [1.5, 2.25, -3.125], "float32"
    yield "vec_one_frac", [4.5], "float32"
    yield "vec_mixed_whole_frac", [1.0, 4.5], "float32"
    yield "vec_negatives", [-1.0, 20.0, -300.0], "float32"
    yield "vec_neg_frac", [-0.5, 0.25, 10.125, -99.5], "float32"
    yield "vec_zeros", [0.0, 0.0], "float32"
    yield "vec_negzero", [-0.0], "float32"
    yield "vec_zero_negzero", [0.0, -0.0, 1.0], "float32"
    yield "vec_sci_small", [1e-5, 1.0], "float32"
    yield "vec_sci_big", [1e10, 1.0], "float32"
    yield "vec_sci_ratio_1e8", [1e8, 1.0], "float32"
    yield "vec_1e8_alone", [1e8], "float32"
    yield "vec_1_5e8", [1.5e8], "float32"
    yield "vec_123456789", [123456789.0], "float32"
    yield "vec_1e-4_f32", [1e-4], "float32"
    yield "vec_1e-4_f64", [1e-4], "float64"
    yield "vec_ratio_1000", [1000.0, 1.0], "float32"
    yield "vec_ratio_1001", [1001.0, 1.0], "float32"
    yield "vec_ratio_1000_frac", [0.001, 1.0], "float64"
    yield "vec_ratio_just_over", [0.5, 500.5], "float64"
    yield "vec_min_above_1e-4", [0.00012345, 0.1], "float32"
    yield "vec_nan_whole", [NAN, 1.0], "float32"
    yield "vec_nan_frac", [NAN, 1.5], "float32"
    yield "vec_inf_whole", [INF, -INF, 1.0], "float32"
    yield "vec_neginf_wide", [-INF, 1.0, 100.0], "float32"
    yield "vec_only_nonfinite", [NAN, INF, -INF], "float32"
    yield "vec_zero_nan", [0.0, NAN], "float32"
    yield "vec_sci_nonfinite", [1e-5, NAN, INF, -INF, 0.0], "float32"
    yield "vec_frac_nonfinite", [0.5, NAN, -INF, 0.0], "float32"
    yield "vec_round_up_width", [9.99996, 1.5], "float32"
    yield "vec_round_up_neg", [-9.99996, 1.5], "float64"
    yield "vec_f64_tenth", [0.1, 0.2, 0.3], "float64"
    yield "vec_f64_exp3", [1e200, 1.0], "float64"
    yield "vec_f64_exp3_tiny", [1e-200, -5.0], "float64"
    yield "vec_f64_extremes", [-1e-300, 1e300, 0.0], "float64"
    yield "vec_f16", [0.1, 1000.0, -2.5], "float16"
    yield "vec_f16_whole", [1.0, 2.0], "float16"
    yield "vec_f16_max", [65504.0, 1.0], "float16"
    yield "vec_subnormal", [1e-45, 1.0], "float32"
    yield "vec_int64", [1, -20, 300], "int64"
    yield "vec_int64_big", [2**40, -5, 0], "int64"
    yield "vec_int32", [1, 2, 3], "int32"
    yield "vec_int16", [-32768, 32767], "int16"
    yield "vec_int8", [1, -2], "int8"
    yield "vec_uint8", [0, 255, 7], "uint8"
    yield "vec_bool", [True, False], "bool"
    yield "vec_bool_all_true", [True, True], "bool"
    yield "vec_bool_all_false", [False, False, False], "bool"


def wrap_cases():
    rng = np.random.default_rng(1)
    yield "wrap_arange30", np.arange(30.0), "float32"
    yield "wrap_randn20", rng.standard_normal(20), "float32"
    yield "wrap_neg25", -rng.uniform(0, 100, 25), "float32"
    yield "wrap_int100", np.arange(100) * 37 - 1000, "int64"
    yield "wrap_bool30", rng.integers(0, 2, 30).astype(bool), "bool"
    yield "wrap_sci15", rng.standard_normal(15) * 1e-6, "float32"
    yield "wrap_exactly_one_line", np.arange(12.0) + 0.5, "float32"
    yield "wrap_2d_rows", rng.standard_normal((3, 30)), "float32"
    yield "wrap_3d_rows", rng.standard_normal((2, 2, 16)) * 100, "float64"


def nd_cases():
    rng = np.random.default_rng(2)
    yield "mat_2x2_whole", [[1.0, 2.0], [3.0, 4.0]], "float32"
    yield "mat_neg_frac", [[-1.5, 2.0], [3.25, -40.0]], "float32"
    yield "mat_1x1", [[5.0]], "float32"
    yield "mat_col", [[1.0], [2.0], [3.0]], "float32"
    yield "mat_int", [[1, -2, 3], [40, 5, -600]], "int64"
    yield "mat_bool", [[True, False], [False, True]], "bool"
    yield "mat_nan", [[NAN, 1.0], [INF, -2.5]], "float32"
    yield "cube_2x2x3", rng.standard_normal((2, 2, 3)), "float32"
    yield "cube_int", np.arange(24).reshape(2, 3, 4), "int32"
    yield "cube_1x1x1", [[[2.0]]], "float32"
    yield "hyper_2x2x2x2", rng.standard_normal((2, 2, 2, 2)) * 10, "float32"
    yield "hyper_sci", rng.standard_normal((2, 1, 2, 3)) * 1e9, "float32"
    yield "hyper_bool", rng.integers(0, 2, (2, 2, 1, 3)).astype(bool), "bool"


def empty_cases():
    yield "empty_1d", np.zeros(0), "float32", {}
    yield "empty_0x3", np.zeros((0, 3)), "float32", {}
    yield "empty_2x0", np.zeros((2, 0)), "float32", {}
    yield "empty_2x0x3_f64", np.zeros((2, 0, 3)), "float64", {}
    yield "empty_int64", np.zeros(0), "int64", {}
    yield "empty_bool", np.zeros(0), "bool", {}
    yield "empty_f64", np.zeros(0), "float64", {}
    yield "empty_f16_2d", np.zeros((0, 1)), "float16", {}
    yield "empty_grad", np.zeros(0), "float32", {"grad": "leaf"}
    yield "empty_grad_fn", np.zeros((3, 0)), "float64", {"grad": "mul"}
    yield "empty_default64_f32", np.zeros(0), "float32", {"default_dtype": "float64"}
    yield "empty_default64_f64", np.zeros((0, 2)), "float64", {"default_dtype": "float64"}
    yield "empty_default64_int", np.zeros(0), "int64", {"default_dtype": "float64"}
    yield "empty_edge0", np.zeros((0, 2)), "float32", {"options": [{"edgeitems": 0}]}
    yield "empty_parameter", np.zeros(0), "float32", {"parameter": True, "grad": "leaf"}


def suffix_cases():
    rng = np.random.default_rng(3)
    row12 = np.round(rng.standard_normal(11), 3)
    yield "dtype_f64", [1.0, 2.0], "float64", {}
    yield "dtype_f16", [0.5], "float16", {}
    yield "dtype_int32_2d", [[1, 2], [3, 4]], "int32", {}
    yield "dtype_uint8_scalar", 3, "uint8", {}
    yield "default64_f64", [0.1, 2.0], "float64", {"default_dtype": "float64"}
    yield "default64_f32", [0.1, 2.0], "float32", {"default_dtype": "float64"}
    yield "default64_int", [1, 2], "int64", {"default_dtype": "float64"}
    yield "default64_bool", [True], "bool", {"default_dtype": "float64"}
    yield "default64_f16", [1.0], "float16", {"default_dtype": "float64"}
    yield "grad_leaf", [1.0, 2.0], "float32", {"grad": "leaf"}
    yield "grad_leaf_scalar", 3.5, "float32", {"grad": "leaf"}
    yield "grad_mul", [1.0, 2.0], "float32", {"grad": "mul"}
    yield "grad_clone_scalar", 2.0, "float64", {"grad": "clone"}
    yield "grad_view_2d", [[1.5, 2.0]], "float32", {"grad": "view"}
    yield "grad_mul_f64", [[1.0, 2.0]], "float64", {"grad": "mul"}
    yield "grad_mul_f16", [1.0, 2.5], "float16", {"grad": "mul"}
    yield "grad_wrap_suffix", row12, "float32", {"grad": "mul"}
    yield "grad_wrap_suffix_leaf", row12, "float32", {"grad": "leaf"}
    yield "dtype_and_grad_wrap", row12, "float64", {"grad": "clone"}
    yield "grad_multiline", rng.standard_normal((3, 8)), "float64", {"grad": "mul"}
    yield "grad_multiline_long", rng.standard_normal(30), "float32", {"grad": "leaf"}
    yield "param_vec", [1.0, 2.0], "float32", {"parameter": True, "grad": "leaf"}
    yield "param_mat_f64", rng.standard_normal((2, 3)), "float64", {"parameter": True, "grad": "leaf"}
    yield "param_no_grad", [1.0, 2.0], "float32", {"parameter": True}
    yield "param_scalar", 0.5, "float32", {"parameter": True, "grad": "leaf"}
    yield "param_long", rng.standard_normal(40), "float32", {"parameter": True, "grad": "leaf"}


def complex_cases():
    """Complex tensors: the real parts right-aligned, the imaginary parts signed and left-aligned."""
    yield "complex_vec", [1.5 + 2j, -3 - 0.25j, 0.001j], "complex64", {}
    yield "complex_whole", [1 + 1j, 2 - 2j], "complex64", {}
    yield "complex_scalar", -2.5 - 1j, "complex64", {}
    yield "complex_scalar_zero_imag", 3 + 0j, "complex128", {}
    yield "complex_sci_nan", [[1 + 1j, 2 - 2j, 1e-5j], [1e6 + 0j, -1j, complex(NAN, 0)]], "complex64", {}
    yield "complex_negative_zero_imag", [complex(1.5625, -0.0), -0.25 + 0j], "complex64", {}
    yield "complex_grad", [1 + 2j, 3 - 4j], "complex64", {"grad": "mul"}
    yield "complex_leaf_2d", [[0.5 - 1j, 2 + 3.25j], [-7 + 0j, 1e-3 + 1e3j]], "complex64", {"grad": "leaf"}
    yield "complex128_default64", [0.5 + 0.5j], "complex128", {"default_dtype": "float64"}
    yield "complex64_default64", [0.5 + 0.5j], "complex64", {"default_dtype": "float64"}
    yield "complex_summary", np.arange(2000) * (1 + 0.5j), "complex64", {}
    yield "complex_infinities", [complex(INF, -INF), complex(0, NAN)], "complex128", {}
    yield "complex_wrap", np.arange(30).reshape(3, 10) * (0.37 - 1.9j), "complex64", {}
    yield "complex_precision2", [1.23456 - 6.54321j, 0.1 + 0.2j], "complex64", {
        "options": [{"precision": 2}]}
    yield "complex_sci_mode", [1.5 + 2j, 3 - 4j], "complex64", {"options": [{"sci_mode": True}]}


def summary_cases():
    rng = np.random.default_rng(4)
    yield "sum_arange1001", np.arange(1001.0), "float32", {}
    yield "sum_40x50", np.arange(2000.0).reshape(40, 50), "float32", {}
    yield "sum_exact_threshold", np.arange(1000), "int64", {}
    yield "sum_3x4x5", rng.standard_normal((3, 4, 5)), "float32", {"options": [{"threshold": 10}]}
    yield "sum_edge1", rng.standard_normal((5, 6)), "float32", {"options": [{"threshold": 5, "edgeitems": 1}]}
    yield "sum_edge0_1d", np.arange(20.0) * 0.5 + 1000, "float32", {"options": [{"threshold": 5, "edgeitems": 0}]}
    yield "sum_edge0_2d", np.arange(20.0).reshape(4, 5), "float32", {"options": [{"threshold": 5, "edgeitems": 0}]}
    yield "sum_edge0_not_summarized", np.arange(20.0).reshape(4, 5), "float32", {"options": [{"edgeitems": 0}]}
    yield "sum_edge0_grad", np.arange(6.0), "float64", {"options": [{"edgeitems": 0}], "grad": "mul"}
    yield "sum_mixed_axes", rng.standard_normal((2, 9, 3)), "float64", {"options": [{"threshold": 20}]}
    yield "sum_4d", rng.integers(-50, 50, (3, 7, 2, 8)), "int64", {"options": [{"threshold": 100, "edgeitems": 2}]}
    yield "sum_edges_hide_width", np.r_[1.0, 2.0, 1e6, 3.0, 4.0], "float32", {"options": [{"threshold": 4, "edgeitems": 2}]}
    yield "sum_edges_hide_frac", np.r_[1.0, 2.0, 0.5, 3.0, 4.0], "float32", {"options": [{"threshold": 4, "edgeitems": 2}]}
    yield "sum_bool", rng.integers(0, 2, 50).astype(bool), "bool", {"options": [{"threshold": 10}]}
    yield "sum_grad", rng.standard_normal((10, 10)), "float32", {"options": [{"threshold": 50}], "grad": "mul"}
    yield "sum_wide_edges", rng.standard_normal(300) * 1e3, "float32", {"options": [{"threshold": 100, "edgeitems": 15}]}
    yield "sum_threshold0_scalar", 2.5, "float32", {"options": [{"threshold": 0}]}
    yield "sum_threshold0_vec", [1.0, 2.0], "float32", {"options": [{"threshold": 0, "edgeitems": 1}]}


def option_cases():
    rng = np.random.default_rng(5)
    frac = rng.standard_normal(6) * 10
    yield "opt_precision2", frac, "float32", [{"precision": 2}]
    yield "opt_precision0", frac, "float32", [{"precision": 0}]
    yield "opt_precision8", frac, "float64", [{"precision": 8}]
    yield "opt_precision0_sci", [1e-5, 2.5], "float32", [{"precision": 0}]
    yield "opt_precision1_scalar", 0.25, "float64", [{"precision": 1}]
    yield "opt_sci_true_frac", [1.5, 2.0], "float32", [{"sci_mode": True}]
    yield "opt_sci_true_whole", [1.0, 2.0], "float32", [{"sci_mode": True}]
    yield "opt_sci_true_zeros", [0.0, 0.0], "float32", [{"sci_mode": True}]
    yield "opt_sci_true_nan", [NAN, 0.0, INF], "float32", [{"sci_mode": True}]
    yield "opt_sci_true_int", [1, 2], "int64", [{"sci_mode": True}]
    yield "opt_sci_true_wrap", np.arange(20.0), "float32", [{"sci_mode": True}]
    yield "opt_sci_false_big", [1e10, 1.0], "float32", [{"sci_mode": False}]
    yield "opt_sci_false_small", [1e-5, 1.5], "float32", [{"sci_mode": False}]
    yield "opt_sci_false_tiny_only", [1e-7], "float64", [{"sci_mode": False}]
    yield "opt_sci_reset", [1.5, 2.0], "float32", [{"sci_mode": True}, {"precision": 2}]
    yield "opt_sci_precision", [1.5, 2.0], "float32", [{"sci_mode": True, "precision": 2}]
    yield "opt_linewidth40", rng.standard_normal(20), "float32", [{"linewidth": 40}]
    yield "opt_linewidth120", rng.standard_normal(30), "float32", [{"linewidth": 120}]
    yield "opt_linewidth10", [1.5, 2.5, 3.5], "float32", [{"linewidth": 10}]
    yield "opt_linewidth10_suffix", [1.5, 2.5], "float64", [{"linewidth": 10}]
    yield "opt_linewidth10_2d", [[1.5, 2.5], [3.0, 4.0]], "float32", [{"linewidth": 10}]
    yield "opt_linewidth_2d", rng.standard_normal((3, 12)), "float64", [{"linewidth": 50}]
    yield "opt_profile_short", rng.standard_normal((5, 5)), "float32", [{"profile": "short"}]
    yield "opt_profile_short_sum", rng.standard_normal((40, 30)), "float32", [{"profile": "short"}]
    yield "opt_profile_full", np.arange(1200) % 97, "int64", [{"profile": "full"}]
    yield "opt_profile_default", rng.standard_normal(5), "float32", [{"precision": 1}, {"profile": "default"}]
    yield "opt_profile_unknown", rng.standard_normal(5), "float32", [{"precision": 1}, {"profile": "nonsense"}]
    yield "opt_profile_plus_override", rng.standard_normal(5), "float32", [{"profile": "short", "precision": 6}]
    yield "opt_threshold_float", np.arange(12.0), "float32", [{"threshold": 10.5, "edgeitems": 2}]


def hand_picked():
    for name, values, dtype in (*scalar_cases(), *vector_cases(), *wrap_cases(), *nd_cases()):
        yield record(name, values, dtype)
    for name, values, dtype, kw in (*empty_cases(), *suffix_cases(), *summary_cases(), *complex_cases()):
        yield record(name, values, dtype, **kw)
    for name, values, dtype, options in option_cases():
        yield record(name, values, dtype, options=options)
    yield record("opt_linewidth10_grad_2d_leaf", [[1.5, 2.5]], "float32",
                 options=[{"linewidth": 10}], grad="leaf")
    # suffix wrapping right at the linewidth boundary, on one line and after a newline
    for width in (52, 53, 54):
        yield record(f"suffix_boundary_lw{width}", [1.5, 2.5, 3.5], "float32",
                     options=[{"linewidth": width}], grad="leaf")
    for width in (46, 47, 48):
        yield record(f"suffix_boundary_2d_lw{width}", [[1.5, 2.5], [3.5, 4.5]], "float32",
                     options=[{"linewidth": width}], grad="leaf")


# ----------------------------------------------------------------------------- random


def random_shape(rng):
    ndim = int(rng.choice([0, 1, 1, 2, 2, 3, 4]))
    sides = [0, 1, 2, 3, 4, 5, 7]
    shape = [int(rng.choice(sides, p=[0.04, 0.16, 0.2, 0.2, 0.16, 0.12, 0.12])) for _ in range(ndim)]
    if ndim and rng.random() < 0.3:
        shape[-1] = int(rng.integers(8, 40))
    while int(np.prod(shape)) > 300:
        shape[int(np.argmax(shape))] //= 2
    return shape


def random_floats(rng, size):
    style = rng.choice(["whole", "normal", "logwide", "special", "rounding", "tiny", "huge"])
    if style == "whole":
        return rng.integers(-10 ** int(rng.integers(1, 9)), 10 ** int(rng.integers(1, 9)), size).astype(float)
    if style == "normal":
        return rng.standard_normal(size) * 10.0 ** rng.uniform(-6, 9)
    if style == "logwide":
        return rng.choice([-1, 1], size) * 10.0 ** rng.uniform(-8, 12, size)
    if style == "rounding":
        base = rng.choice([0.99995, 9.99995, 99.999951, 0.000099999, 999.99996], size)
        return base * rng.choice([-1, 1], size)
    if style == "tiny":
        return rng.standard_normal(size) * 1e-30
    if style == "huge":
        return rng.standard_normal(size) * 1e30
    values = rng.standard_normal(size) * rng.choice([1, 100, 1e-3])
    specials = rng.choice([NAN, INF, -INF, 0.0, -0.0, 1.0], size)
    mask = rng.random(size) < 0.4
    return np.where(mask, specials, values)


def random_values(rng, dtype, size):
    if dtype == "bool":
        return rng.integers(0, 2, size).astype(bool)
    if dtype in FLOATS:
        with np.errstate(over="ignore"):
            return random_floats(rng, size).astype(NP_DTYPES[dtype])
    info = np.iinfo(NP_DTYPES[dtype])
    high = min(info.max, 10 ** int(rng.integers(1, 19)))
    low = max(info.min, -high) if info.min < 0 else 0
    return rng.integers(low, high, size, endpoint=True, dtype=NP_DTYPES[dtype])


def random_options(rng):
    if rng.random() < 0.55:
        return []
    call = {}
    if rng.random() < 0.4:
        call["precision"] = int(rng.integers(0, 9))
    if rng.random() < 0.4:
        call["linewidth"] = int(rng.integers(15, 150))
    if rng.random() < 0.4:
        call["threshold"] = int(rng.choice([0, 3, 10, 30, 100]))
    if rng.random() < 0.3:
        call["edgeitems"] = int(rng.integers(0, 5))
    if rng.random() < 0.3:
        call["sci_mode"] = bool(rng.integers(0, 2))
    if rng.random() < 0.1:
        call["profile"] = str(rng.choice(["short", "full", "default"]))
    return [call]


def random_cases(count):
    rng = np.random.default_rng(SEED)
    dtypes = ["float32"] * 6 + ["float64"] * 3 + ["float16", "int64", "int64", "int32",
                                                  "int16", "int8", "uint8", "bool", "bool"]
    for i in range(count):
        dtype = str(rng.choice(dtypes))
        shape = random_shape(rng)
        values = random_values(rng, dtype, int(np.prod(shape))).reshape(shape)
        floating = dtype in FLOATS
        grad = str(rng.choice(["none", "none", "leaf", "mul", "clone"])) if floating else "none"
        parameter = floating and grad in ("none", "leaf") and rng.random() < 0.15
        default = "float64" if rng.random() < 0.2 else "float32"
        yield record(f"random_{i:03d}", values, dtype, options=random_options(rng),
                     default_dtype=default, grad=grad, parameter=parameter)


SIZES = [[], [0], [5], [2, 3], [1, 0, 4], [2, 3, 4, 5], [1000000]]


def main():
    cases = [*hand_picked(), *random_cases(220)]
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    sizes = [{"shape": s, "expected": repr(torch.Size(s))} for s in SIZES]
    OUT.write_text(
        '{"torch_version": ' + json.dumps(torch.__version__) + ',\n'
        + '"sizes": [\n' + ",\n".join(json.dumps(s) for s in sizes) + "\n],\n"
        + '"cases": [\n' + ",\n".join(json.dumps(c, allow_nan=False) for c in cases) + "\n]}\n"
    )
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
