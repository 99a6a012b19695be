"""torch.nn.functional's activations, linear, normalization, embedding, pad and one_hot
(core/ops/activations.py, core/torch/nn/functional.py).

Each op's row in tests/ops_table.py checks it against differences, its symbolic rule and
PyTorch; the programs tests/data/oracle/nn_functional_* check printed text, grad_fn chains and
errors.  Here: the variants a row does not reach (other params), PyTorch's float32 numbers
(recorded in tests/data/nn_functional_float32.json by ``python tests/core/test_nn_functional.py``;
re-checked live when torch is installed), running statistics, and the errors of common misuse.
"""
from __future__ import annotations

import importlib.util
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script to record
    sys.path.insert(0, str(ROOT))

import core.torch as torch  # noqa: E402
from core.interp import run_program  # noqa: E402
from core.interp.sandbox import build_modules  # noqa: E402
from core.ops.registry import REGISTRY  # noqa: E402
from tests import ops_table as table  # noqa: E402
from tests.recorded_programs import LIVE_BITS, NOT_THIS_CPU  # noqa: E402

F = torch.nn.functional
RECORD = ROOT / "tests" / "data" / "nn_functional_float32.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")

pytestmark = pytest.mark.filterwarnings("ignore:Using backward\\(\\) with create_graph=True")

# ---------------------------------------------------------------------------
# float32 numbers against PyTorch's
# ---------------------------------------------------------------------------

FLOAT32_INPUT = np.concatenate([np.linspace(-8, 8, 161), [-3, 3, 0, 6, 20, 25, -20]]).astype(np.float32)

CASES = {
    "leaky_relu": lambda F, t: F.leaky_relu(t, 0.1),
    "elu": lambda F, t: F.elu(t),
    "selu": lambda F, t: F.selu(t),
    "celu": lambda F, t: F.celu(t, 2.0),
    "gelu": lambda F, t: F.gelu(t),
    "gelu_tanh": lambda F, t: F.gelu(t, approximate="tanh"),
    "silu": lambda F, t: F.silu(t),
    "softplus": lambda F, t: F.softplus(t),
    "softplus_beta": lambda F, t: F.softplus(t, beta=3.0, threshold=4.0),
    "mish": lambda F, t: F.mish(t),
    "logsigmoid": lambda F, t: F.logsigmoid(t),
    "hardswish": lambda F, t: F.hardswish(t),
    "hardsigmoid": lambda F, t: F.hardsigmoid(t),
    "relu6": lambda F, t: F.relu6(t),
    "hardtanh": lambda F, t: F.hardtanh(t, -2.0, 2.5),
    "softsign": lambda F, t: F.softsign(t),
    "tanhshrink": lambda F, t: F.tanhshrink(t),
    "prelu": None,  # F.prelu(x.reshape(2, -1), tensor([0.25])): see _run
}
# piecewise-linear: PyTorch's numbers bit for bit
EXACT = {"leaky_relu", "hardswish", "hardsigmoid", "relu6", "hardtanh", "prelu"}
# NOTE: PyTorch's vectorized gelu uses its own erf/tanh approximations in the body of an array (a lone element
# takes the scalar path, which numpy's functions match); where 1 + erf(x) or 1 + tanh(x) cancels (x < -3)
# the two differ by up to 2e-6 absolutely
ATOL = {"gelu": 2e-6, "gelu_tanh": 2e-6}


def _run(F_, torch_module, name, x):
    # float32 whatever the default dtype (another test may have left real torch's at float64)
    t = torch_module.tensor(x.tolist(), dtype=torch_module.float32, requires_grad=True)
    if name == "prelu":
        y = F_.prelu(t.reshape(2, -1), torch_module.tensor([0.25], dtype=torch_module.float32))
    else:
        y = CASES[name](F_, t)
    (g,) = torch_module.autograd.grad(y.sum(), t)
    return np.asarray(y.detach().reshape(-1).tolist(), np.float32), np.asarray(g.tolist(), np.float32)


def record_float32():
    import torch as real
    import torch.nn.functional as real_F
    threads = real.get_num_threads()
    real.set_num_threads(1)
    rows = {}
    try:
        for name in CASES:
            y, g = _run(real_F, real, name, FLOAT32_INPUT)
            rows[name] = {"output": y.tolist(), "grad": g.tolist()}
    finally:
        real.set_num_threads(threads)
    return {"input": FLOAT32_INPUT.tolist(), "torch": real.__version__, "cases": rows}


def _recorded():
    return json.loads(RECORD.read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_float32_values_and_grads_match_pytorch(name):
    rec = _recorded()
    assert np.array_equal(np.asarray(rec["input"], np.float32), FLOAT32_INPUT)
    y, g = _run(F, torch, name, FLOAT32_INPUT)
    exp_y = np.asarray(rec["cases"][name]["output"], np.float32)
    exp_g = np.asarray(rec["cases"][name]["grad"], np.float32)
    if name in EXACT:
        assert np.array_equal(y, exp_y) and np.array_equal(g, exp_g)
        return
    # NOTE: transcendental functions (numpy's exp/tanh/erf against PyTorch's vectorized ones) differ by a
    # few ulps; where a result cancels (1 + erf(x) for x < -3 in gelu) the absolute difference stays tiny
    atol = ATOL.get(name, 5e-7)
    np.testing.assert_allclose(y, exp_y, rtol=5e-7, atol=atol)
    np.testing.assert_allclose(g, exp_g, rtol=5e-7, atol=atol)


@pytest.mark.skipif(not (HAS_TORCH and LIVE_BITS), reason="real PyTorch is not installed, or "
                    + NOT_THIS_CPU)
def test_recorded_float32_numbers_are_current():
    assert record_float32()["cases"] == _recorded()["cases"], "re-record: python tests/core/test_nn_functional.py"


# ---------------------------------------------------------------------------
# variants of the ops-table rows: every witness on other params
# ---------------------------------------------------------------------------

def _check_variant(name, arrays, params, fd=True):
    op = REGISTRY[name]
    _, J_fd = table.fd_jacobians(op, arrays, params)
    for create_graph in (False, True):
        for J_eng, J_ref in zip(table.engine_jacobians(op, arrays, params, create_graph), J_fd):
            if fd:
                np.testing.assert_allclose(J_eng, J_ref, rtol=1e-5, atol=1e-6)
    J_sym = table.symbolic_jacobians(op, arrays, params)
    J_eng = table.engine_jacobians(op, arrays, params)
    for a, b in zip(J_sym, J_eng):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    return J_eng


X = np.array([-2.5, -0.7, 0.3, 1.1, 2.9])


@pytest.mark.parametrize("name, params", [
    ("gelu", {"approximate": "tanh"}),
    ("elu", {"alpha": 1.0, "scale": 1.0, "input_scale": 1.0}),
    ("softplus", {"beta": 1.0, "threshold": 20.0}),
    ("hardtanh", {"min_val": 0.0, "max_val": 6.0}),
    ("leaky_relu", {"negative_slope": 0.01}),
])
def test_activation_variants_agree_with_every_witness(name, params):
    _check_variant(name, [X.copy()], params)


def test_training_batch_norm_over_a_length_dimension_agrees_with_every_witness():
    rng = np.random.default_rng(4)
    _check_variant("batch_norm", [rng.normal(size=(2, 2, 3)), rng.normal(size=2), rng.normal(size=2)],
                   {"training": True, "eps": 1e-5})


def test_batch_norm_in_evaluation_uses_the_running_statistics():
    rng = np.random.default_rng(5)
    arrays = [rng.normal(size=(3, 2, 2)), rng.normal(size=2), rng.normal(size=2)]
    params = {"training": False, "eps": 1e-5, "running_mean": np.array([0.3, -0.2]),
              "running_var": np.array([1.5, 0.5])}
    _check_variant("batch_norm", arrays, params)
    y = REGISTRY["batch_norm"].forward(*arrays, **params)[0]
    rm, rv = params["running_mean"].reshape(1, 2, 1), params["running_var"].reshape(1, 2, 1)
    expect = (arrays[0] - rm) / np.sqrt(rv + 1e-5) * arrays[1].reshape(1, 2, 1) + arrays[2].reshape(1, 2, 1)
    np.testing.assert_allclose(y, expect, rtol=1e-12)


def test_prelu_with_one_weight_per_channel_agrees_with_every_witness():
    rng = np.random.default_rng(6)
    _check_variant("prelu", [rng.uniform(-1, 1, size=(2, 3)), np.array([0.1, 0.2, 0.3])], {})
    _check_variant("prelu", [rng.uniform(-1, 1, size=(4,)), np.array([0.1])], {})


def test_the_padding_row_of_an_embedding_gets_no_gradient():
    # the forward reads the row (differences see it); PyTorch's gradient, the engine's and the
    # symbolic rule's do not
    weight = np.arange(12.0).reshape(4, 3)
    params = {"indices": np.array([[0, 2], [3, 2]]), "padding_idx": 2}
    (J,) = _check_variant("embedding", [weight], params, fd=False)
    J = J.reshape(2, 2, 3, 4, 3)
    assert np.all(J[:, :, :, 2, :] == 0)
    assert J[0, 0, 1, 0, 1] == 1 and J[1, 0, 2, 3, 2] == 1
    w = torch.tensor(weight.tolist(), requires_grad=True)
    F.embedding(torch.tensor([[0, 2], [3, 2]]), w, padding_idx=-2).sum().backward()
    assert w.grad.tolist() == [[1.0] * 3, [0.0] * 3, [0.0] * 3, [1.0] * 3]


def test_pad_crops_with_negative_amounts_and_routes_gradients_back():
    _check_variant("constant_pad_nd", [np.arange(12.0).reshape(3, 4)], {"pad": (-1, 2, 1, -2), "value": 3.0})
    y = F.pad(torch.arange(6.0).reshape(2, 3), (-1, 1), value=9.0)
    assert y.tolist() == [[1.0, 2.0, 9.0], [4.0, 5.0, 9.0]]


# ---------------------------------------------------------------------------
# graphs, running statistics, surfaces
# ---------------------------------------------------------------------------

def _chain(t):
    """A node's name and its next functions' names (of ``t``'s grad_fn for a tensor)."""
    fn = getattr(t, "grad_fn", t)
    return [fn.name()] + [None if f is None else f.name() for f, _ in fn.next_functions]


def test_linear_builds_pytorchs_graph_for_each_rank():
    # recorded from PyTorch 2.13 (tests/data/oracle/nn_functional_linear.json shows the same chains)
    w = torch.ones(4, 3, requires_grad=True)
    b = torch.ones(4, requires_grad=True)
    acc = "torch::autograd::AccumulateGrad"
    x2 = torch.ones(2, 3, requires_grad=True)
    assert _chain(F.linear(x2, w, b)) == ["AddmmBackward0", acc, acc, "TBackward0"]
    assert _chain(F.linear(x2, w)) == ["MmBackward0", acc, "TBackward0"]
    assert _chain(F.linear(torch.ones(3, requires_grad=True), w, b)) == ["ViewBackward0", "AddmmBackward0"]
    assert _chain(F.linear(torch.ones(3, requires_grad=True), w)) == ["SqueezeBackward4", "MmBackward0"]
    y3 = F.linear(torch.ones(2, 5, 3, requires_grad=True), w, b)
    assert _chain(y3) == ["ViewBackward0", "AddmmBackward0"] and tuple(y3.shape) == (2, 5, 4)
    addmm = y3.grad_fn.next_functions[0][0]
    assert _chain(addmm) == ["AddmmBackward0", acc, "ViewBackward0", "TBackward0"]
    assert _chain(F.linear(torch.ones(2, 5, 3, requires_grad=True), w)) == ["UnsafeViewBackward0", "MmBackward0"]


def test_addmm_scales_bias_and_product():
    b = torch.tensor([1.0, 2.0])
    m1 = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    m2 = torch.tensor([[1.0, 0.0], [0.0, 1.0]])
    assert torch.addmm(b, m1, m2, beta=0.5, alpha=2.0).tolist() == [[2.5, 5.0], [6.5, 9.0]]
    assert b.addmm(m1, m2).tolist() == [[2.0, 4.0], [4.0, 6.0]]


def test_training_batch_norm_moves_running_statistics_by_momentum_toward_unbiased_variance():
    x = torch.tensor([[1.0, 2.0], [3.0, 6.0], [5.0, 1.0]], requires_grad=True)
    rm, rv = torch.zeros(2), torch.ones(2)
    y = F.batch_norm(x, rm, rv, training=True, momentum=0.25)
    data = np.array([[1.0, 2.0], [3.0, 6.0], [5.0, 1.0]])
    np.testing.assert_allclose(rm.tolist(), 0.25 * data.mean(0), rtol=1e-6)
    np.testing.assert_allclose(rv.tolist(), 0.75 + 0.25 * data.var(0, ddof=1), rtol=1e-6)
    assert rm._version == 0 and rv._version == 0  # PyTorch writes its buffers without a version bump
    # normalized with the biased variance
    # (atol: PyTorch's fused x * alpha + beta leaves -6e-08 where the exact value is 0, as here)
    np.testing.assert_allclose(y.tolist(), (data - data.mean(0)) / np.sqrt(data.var(0) + 1e-5), rtol=1e-5, atol=1e-7)
    assert y.grad_fn.name() == "NativeBatchNormBackward0"
    before = rm.tolist()
    F.batch_norm(x, rm, rv)  # evaluation: the buffers stay
    assert rm.tolist() == before


@pytest.mark.parametrize("call, error, message", [
    (lambda: F.batch_norm(torch.ones(1, 3), torch.zeros(3), torch.ones(3), training=True), ValueError,
     "Expected more than 1 value per channel when training, got input size torch.Size([1, 3])"),
    (lambda: F.batch_norm(torch.ones(4, 3), torch.zeros(2), torch.ones(2), training=True), RuntimeError,
     "running_mean should contain 3 elements not 2"),
    (lambda: F.batch_norm(torch.ones(4, 3), None, None), RuntimeError,
     "running_mean must be defined in evaluation mode"),
    (lambda: F.layer_norm(torch.ones(2, 3), (3,), torch.ones(4)), RuntimeError,
     "Expected weight to be of same shape as normalized_shape, but got weight of shape [4] and normalized_shape = [3]"),
    (lambda: F.layer_norm(torch.ones(2, 3), 3), TypeError,
     "layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not int"),
    (lambda: F.linear(torch.tensor(1.0), torch.ones(4, 3)), RuntimeError,
     "both arguments to linear need to be at least 1D, but they are 0D and 2D"),
    (lambda: F.linear(torch.ones(2, 3), torch.ones(4, 3), torch.ones(5)), RuntimeError,
     "The expanded size of the tensor (4) must match the existing size (5) at non-singleton dimension 1.  "
     "Target sizes: [2, 4].  Tensor sizes: [5]"),
    (lambda: F.linear(torch.ones(2, 3).double(), torch.ones(4, 3), torch.ones(4)), RuntimeError,
     "mat1 and mat2 must have the same dtype, but got Double and Float"),
    (lambda: F.embedding(torch.tensor([1.0]), torch.ones(5, 3)), RuntimeError,
     "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got "
     "torch.FloatTensor instead (while checking arguments for embedding)"),
    (lambda: F.embedding(torch.tensor([-1]), torch.ones(5, 3)), IndexError, "index out of range in self"),
    (lambda: F.embedding(torch.tensor([1]), torch.ones(5, 3), padding_idx=5), AssertionError,
     "Padding_idx must be within num_embeddings"),
    (lambda: F.one_hot(torch.tensor([-1])), RuntimeError, "Class values must be non-negative."),
    (lambda: F.one_hot(torch.tensor([3]), 2), RuntimeError, "Class values must be smaller than num_classes."),
    (lambda: F.one_hot(torch.tensor([], dtype=torch.int64)), RuntimeError,
     "Can not infer total number of classes from empty tensor."),
    (lambda: F.pad(torch.ones(2, 3), (1,)), RuntimeError, "Padding length must be divisible by 2"),
    (lambda: F.pad(torch.ones(2, 3), (1, 1, 1, 1, 1, 1)), RuntimeError,
     "Padding length should be less than or equal to two times the input dimension but got padding length 6 and "
     "input of dimension 2"),
    (lambda: F.pad(torch.ones(2, 3), (1, 1), mode="foo"), NotImplementedError, "Unrecognised padding mode foo"),
    (lambda: F.prelu(torch.ones(2, 3), torch.ones(2)), RuntimeError,
     "Mismatch of parameter numbers and input channel size. Found parameter numbers = 2 and channel size = 3."),
    (lambda: F.gelu(torch.ones(2), approximate="foo"), RuntimeError,
     "approximate argument must be either none or tanh."),
    (lambda: F.hardtanh(torch.ones(2), 2.0, 1.0), ValueError, "min_val cannot be greater than max_val"),
    (lambda: F.elu(torch.tensor([1, -2])), NotImplementedError, "\"elu_cpu\" not implemented for 'Long'"),
    (lambda: F.gelu(torch.tensor([1, -2])), NotImplementedError, "\"GeluKernelImpl\" not implemented for 'Long'"),
])
def test_common_misuse_raises_pytorchs_error(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message


def test_one_hot_is_int64_without_gradient():
    y = F.one_hot(torch.tensor([[0, 2], [1, 1]]))
    assert y.dtype is torch.int64 and not y.requires_grad
    assert y.tolist() == [[[1, 0, 0], [0, 0, 1]], [[0, 1, 0], [0, 1, 0]]]


def test_inplace_activations_write_into_their_input():
    x = torch.tensor([-1.0, 2.0]) * 1
    v = x._version
    assert F.relu(x, inplace=True) is x and x.tolist() == [0.0, 2.0] and x._version == v + 1
    y = torch.tensor([-2.0, 1.0])
    F.leaky_relu(y, 0.5, inplace=True)
    assert y.tolist() == [-1.0, 1.0]


def test_implicit_softmax_dimension_warns_with_the_functions_name():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        F.log_softmax(torch.ones(2, 3))
        F.softmax(torch.ones(3))
    assert [str(w.message).split(" has")[0] for w in caught] == [
        "Implicit dimension choice for log_softmax", "Implicit dimension choice for softmax"]


def test_programs_reach_every_name_through_the_sandbox():
    nnf = build_modules()["torch.nn.functional"]
    for name in F.__all__:
        assert name in nnf.members, name
    src = ("import torch\nimport torch.nn.functional as F\n"
           "x = torch.tensor([[-1.0, 0.5, 2.0]], requires_grad=True)\n"
           "w = torch.ones(2, 3, requires_grad=True)\n"
           "y = F.gelu(F.linear(x, w, torch.zeros(2)))\n"
           "z = F.layer_norm(y, (2,)) + torch.selu(y) + torch.erf(y) + F.pad(y, (0, 0)) * x.sum().sigmoid()\n"
           "z.sum().backward()\n"
           "print(y.grad_fn.name(), z.grad_fn.name(), w.grad.shape)\n")
    result = run_program(src)
    assert result.error is None, result.error
    assert result.stdout == "GeluBackward0 AddBackward0 torch.Size([2, 3])\n"


if __name__ == "__main__":
    RECORD.write_text(json.dumps(record_float32(), indent=0) + "\n")
    print(f"recorded {len(CASES)} cases in {RECORD.relative_to(ROOT)}")
