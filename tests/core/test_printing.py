"""core.printing against PyTorch 2.13's own repr() text.

tests/data/printing/cases.json holds torch's output for ~400 tensors (regenerate it
with tests/data/printing/make_cases.py); these tests need no torch.  One extra test
compares hypothesis-generated arrays with live torch when it is installed.
"""
import json
import math
from pathlib import Path

import numpy as np
import pytest

from core import dtypes, printing
from core.printing import format_size, format_tensor, get_printoptions, set_printoptions

DATA = json.loads((Path(__file__).parents[1] / "data" / "printing" / "cases.json").read_text())
CASES = DATA["cases"]
NP_DTYPES = {d.name: d.np for d in dtypes.ALL}   # torch dtype name -> numpy dtype


@pytest.fixture(autouse=True)
def default_options():
    set_printoptions(profile="default")
    yield
    set_printoptions(profile="default")


def _number(v):
    if isinstance(v, list):     # a complex element: [real, imag]
        return complex(_number(v[0]), _number(v[1]))
    return float(v) if isinstance(v, str) else v


def case_array(case):
    values = [_number(v) for v in case["values"]]
    return np.array(values, dtype=NP_DTYPES[case["dtype"]]).reshape(case["shape"])


def render_case(case):
    for call in case["options"]:
        set_printoptions(**call)
    return format_tensor(
        case_array(case),
        dtype=case["dtype"],
        default_dtype=case["default_dtype"],
        requires_grad=case["requires_grad"],
        grad_fn_name=case["grad_fn"],
        is_parameter=case["is_parameter"],
    )


# ----------------------------------------------------------------------------- recorded


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_matches_recorded_torch_output(case):
    assert render_case(case) == case["expected"]


def test_recorded_data_is_rich_enough():
    assert len(CASES) >= 150
    assert {c["dtype"] for c in CASES} >= set(NP_DTYPES)
    assert {len(c["shape"]) for c in CASES} >= {0, 1, 2, 3, 4}
    assert any("..." in c["expected"] for c in CASES)
    assert any(c["default_dtype"] == "float64" for c in CASES)


def test_float32_values_round_trip_exactly():
    case = next(c for c in CASES if c["name"] == "vec_f64_tenth")
    assert case_array(case).tolist() == [0.1, 0.2, 0.3]
    case = next(c for c in CASES if c["name"] == "scalar_mixed")
    assert case["values"] == [float(np.float32(123456.789))]


@pytest.mark.parametrize("size", DATA["sizes"], ids=lambda s: str(s["shape"]))
def test_format_size(size):
    assert format_size(size["shape"]) == size["expected"]
    assert format_size(tuple(size["shape"])) == size["expected"]


# ----------------------------------------------------------------------------- options


def test_printoptions_defaults_and_copy():
    opts = get_printoptions()
    assert (opts.precision, opts.threshold, opts.edgeitems, opts.linewidth, opts.sci_mode) == (
        4, 1000, 3, 80, None)
    opts.precision = 9
    assert get_printoptions().precision == 4


def test_set_printoptions_profiles():
    set_printoptions(profile="short")
    assert get_printoptions() == printing.PrintOptions(2, 1000, 2, 80, None)
    set_printoptions(profile="full")
    assert get_printoptions() == printing.PrintOptions(4, math.inf, 3, 80, None)
    set_printoptions(profile="short", precision=6)
    assert get_printoptions().precision == 6
    set_printoptions(profile="no-such-profile")
    assert get_printoptions().precision == 6
    set_printoptions(profile="default")
    assert get_printoptions() == printing.PrintOptions()


def test_set_printoptions_always_resets_sci_mode():
    set_printoptions(sci_mode=True)
    assert get_printoptions().sci_mode is True
    set_printoptions(linewidth=100)
    assert get_printoptions().sci_mode is None
    assert get_printoptions().linewidth == 100


def test_printoptions_context_restores():
    with printing.printoptions(precision=1, sci_mode=True):
        assert get_printoptions().precision == 1
        assert format_tensor(np.array([1.5, 2.0]), dtype="float64") == (
            "tensor([1.5e+00, 2.0e+00], dtype=torch.float64)")
    assert get_printoptions() == printing.PrintOptions()


# ----------------------------------------------------------------------------- interface


def test_docstring_examples():
    assert format_tensor(np.array(6.0, dtype=np.float32), dtype="float32") == "tensor(6.)"
    assert format_tensor(np.array([True, False]), dtype="bool") == "tensor([ True, False])"
    assert format_tensor(np.array(3), dtype="int64") == "tensor(3)"
    assert format_tensor(np.array([[1.0, 2.0]]), dtype="float64",
                         grad_fn_name="MulBackward0") == (
        "tensor([[1., 2.]], dtype=torch.float64, grad_fn=<MulBackward0>)")


def test_grad_fn_wins_over_requires_grad():
    text = format_tensor(np.array([1.0], dtype=np.float32), dtype="float32",
                         requires_grad=True, grad_fn_name="AddBackward0")
    assert text == "tensor([1.], grad_fn=<AddBackward0>)"


def test_values_are_cast_to_the_named_dtype():
    # float64 data described as float32 prints like the float32 tensor torch would hold
    assert format_tensor(np.array([0.1, 1e-46]), dtype="float32") == "tensor([0.1000, 0.0000])"
    assert format_tensor([1, 2], dtype="float32") == "tensor([1., 2.])"


def test_input_array_is_not_modified():
    values = np.array([[1.5, -2.0], [np.nan, 4.0]], dtype=np.float32)
    before = values.copy()
    format_tensor(values, dtype="float32")
    np.testing.assert_array_equal(values, before)


def test_large_tensor_is_summarized_quickly():
    values = np.arange(10**6, dtype=np.float32).reshape(1000, 1000)
    text = format_tensor(values, dtype="float32")
    assert text.splitlines()[0] == (
        "tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 9.9700e+02, 9.9800e+02,")


# ----------------------------------------------------------------------------- live torch


def test_random_arrays_against_live_torch():
    torch = pytest.importorskip("torch")
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from hypothesis.extra import numpy as hnp

    def exactly(np_dtype, value):
        with np.errstate(over="ignore"):  # 1e10 overflows float16 to inf, as in torch
            return float(np_dtype.type(value))

    def arrays(dtype):
        np_dtype = np.dtype(NP_DTYPES[dtype])
        if np_dtype.kind == "f":
            picked = st.one_of(
                st.integers(-1000, 1000).map(float),
                st.sampled_from([0.0, -0.0, 1e-5, 1e8, 1e10, 0.5, 9.99996, math.nan, -math.inf]),
                st.floats(-1e12, 1e12),
            )
            elements = st.one_of(st.floats(width=8 * np_dtype.itemsize),
                                 picked.map(lambda v: exactly(np_dtype, v)))
        else:
            elements = None
        shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=6)
        return hnp.arrays(np_dtype, shapes, elements=elements)

    options = st.fixed_dictionaries({}, optional={
        "precision": st.integers(0, 8),
        "linewidth": st.integers(10, 150),
        "threshold": st.sampled_from([0, 5, 30, 1000]),
        "edgeitems": st.integers(0, 4),
        "sci_mode": st.sampled_from([None, True, False]),
    })
    tensors = st.sampled_from(list(NP_DTYPES)).flatmap(
        lambda d: st.tuples(st.just(d), arrays(d), st.booleans(), st.sampled_from(["float32", "float64"])))

    @settings(max_examples=300, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(tensors, options)
    def check(tensor_spec, opts):
        dtype, values, grad, default = tensor_spec
        grad = grad and values.dtype.kind == "f"
        torch.set_default_dtype(getattr(torch, default))
        torch.set_printoptions(**opts)
        set_printoptions(**opts)
        try:
            t = torch.from_numpy(values.copy()).requires_grad_(grad)
            expected = repr(t)
        finally:
            torch.set_printoptions(profile="default")
            torch.set_default_dtype(torch.float32)
        got = format_tensor(values, dtype=dtype, default_dtype=default, requires_grad=grad)
        set_printoptions(profile="default")
        assert got == expected

    check()
