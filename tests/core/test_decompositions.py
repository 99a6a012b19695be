"""det, inverse, the SVD and std_mean / var_mean (core.ops.decompositions, core.ops.reduce).

PyTorch's numbers here were read from torch 2.13.0 (CPU, MKL); the recorded programs
op_det_*, op_svd_*, op_std_mean and err_det_non_square (tests/data/oracle) check the rest.
"""
from __future__ import annotations

import numpy as np
import pytest

import core.torch as torch
from core.interp.run import run_program
from core.ops.decompositions import _cofactors_svd, det
from tests import ops_table as table


def test_det_float32_is_pytorchs_to_the_bit():
    a = np.array([[2.0, -1.0, 0.5], [0.3, 1.5, -0.7], [1.1, 0.2, 0.9]], dtype=np.float32)
    assert det.forward(a) == np.float32(3.2250001430511475)
    r = np.array([[0.9956, -0.2232], [0.3858, -0.6593]], dtype=np.float32)
    assert str(torch.det(torch.tensor(r.tolist()))) == "tensor(-0.5703)"


def test_det_gradient_is_the_cofactor_matrix_even_when_nearly_singular():
    b = torch.tensor([[0.4, 0.7, 1.0], [1.3, 1.6, 1.9], [2.2, 2.5, 2.8]], dtype=torch.float64, requires_grad=True)
    torch.det(b).backward()
    expected = np.array([[-0.27, 0.54, -0.27], [0.54, -1.08, 0.54], [-0.27, 0.54, -0.27]])
    np.testing.assert_allclose(b.grad._data, expected, atol=1e-12)


def test_det_at_an_exactly_singular_matrix_has_zero_gradient_as_in_pytorch():
    a = torch.tensor([[1.0, 2.0], [2.0, 4.0]], requires_grad=True)
    torch.det(a).backward()
    assert not a.grad._data.any()


def test_the_symbolic_rule_at_an_exactly_singular_matrix_has_pytorchs_zero_derivative():
    """A batch with one exactly singular matrix (det 0 as the forward computes it, in float32 too: [1e-30] * 2
    underflows) and one invertible: J is PyTorch's, zero for the first, the cofactors for the second."""
    from core.ops.registry import REGISTRY
    batch = np.array([[[1.0, 2.0], [2.0, 4.0]], [[1e-30, 0.0], [0.0, 1e-30]], [[2.0, 1.0], [0.5, 3.0]]],
                     dtype=np.float32)
    J = table.symbolic_jacobians(REGISTRY["det"], [batch], {})[0].reshape(3, 3, 2, 2)
    assert not J[0, 0].any() and not J[1, 1].any()
    np.testing.assert_allclose(J[2, 2], [[3.0, -0.5], [-1.0, 2.0]])
    eng = table.engine_jacobians(REGISTRY["det"], [batch], {}, False)[0].reshape(3, 3, 2, 2)
    np.testing.assert_array_equal(eng, J)


@pytest.mark.parametrize("call, kind, message", [
    (lambda x: torch.svd(x, out=3), TypeError, "svd(): argument 'out' must be tuple of Tensors, not int"),
    (lambda x: torch.svd(x, out=x), TypeError, "svd(): argument 'out' must be tuple of Tensors, not Tensor"),
    (lambda x: torch.svd(x, out=["a"]), TypeError, "expected Tensor as element 0 in argument 3, but got str"),
    (lambda x: torch.svd(x, out=(x,)), TypeError, "expected tuple of 3 elements but got 1"),
    (lambda x: torch.linalg.svd(x, out=x), TypeError,
     "linalg_svd(): argument 'out' must be tuple of Tensors, not Tensor"),
    (lambda x: torch.linalg.svdvals(x, out=(x,)), TypeError,
     "linalg_svdvals(): argument 'out' must be Tensor, not tuple"),
    (lambda x: torch.max(x, 0, out=(x, x, x)), TypeError, "expected tuple of 2 elements but got 3"),
])
def test_out_of_the_functions_with_several_results(call, kind, message):
    """PyTorch's messages (torch 2.13.0): the SVD's out= is a tuple of three Tensors, as max's (with a dim)
    is a tuple of two."""
    with pytest.raises(kind) as e:
        call(torch.ones(3, 3))
    assert str(e.value) == message


def test_cofactors_of_a_batch():
    a = np.random.default_rng(1).normal(size=(2, 3, 3))
    for k in range(2):
        np.testing.assert_allclose(_cofactors_svd(a)[k], np.linalg.det(a[k]) * np.linalg.inv(a[k]).T, atol=1e-12)


@pytest.mark.parametrize("call, message", [
    (lambda: torch.det(torch.ones(2, 3)), "linalg.det: A must be batches of square matrices, but they are 2 by 3 matrices"),
    (lambda: torch.det(torch.ones(3)), "linalg.det: The input tensor A must have at least 2 dimensions."),
    (lambda: torch.det(torch.ones(2, 2, dtype=torch.int64)),
     "linalg.det: Expected a floating point or complex tensor as input. Got Long"),
    (lambda: torch.svd(torch.ones(3)), "linalg.svd: input should have at least 2 dimensions, but has 1 dimensions instead"),
    (lambda: torch.linalg.svd(torch.ones(3)), "linalg.svd: The input tensor A must have at least 2 dimensions."),
    (lambda: torch.std_mean(torch.ones(3, dtype=torch.int64)), "std_mean only support floating point and complex dtypes"),
])
def test_pytorchs_errors(call, message):
    with pytest.raises(RuntimeError) as e:
        call()
    assert str(e.value) == message


def test_a_singular_inverse_is_pytorchs_linalg_error():
    with pytest.raises(RuntimeError, match="linalg.inv: The diagonal element 2 is zero") as e:
        torch.inverse(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))
    assert type(e.value).__name__ == "_LinAlgError"


def test_svd_prints_as_pytorchs_named_tuple():
    r = torch.svd(torch.tensor([[0.9956, -0.2232], [0.3858, -0.6593]]))
    assert repr(r) == ("torch.return_types.svd(\nU=tensor([[-0.8353, -0.5498],\n        [-0.5498,  0.8353]]),\n"
                       "S=tensor([1.1793, 0.4836]),\nV=tensor([[-0.8851, -0.4655],\n        [ 0.4655, -0.8851]]))")
    assert repr(torch.linalg.svd(torch.eye(2))).startswith("torch.return_types.linalg_svd(\nU=")


def test_svd_node_names_and_shapes():
    x = torch.tensor([[0.9, -0.2], [0.4, -0.66], [0.1, 0.5]], requires_grad=True)
    u, s, v = torch.svd(x)
    assert (u.grad_fn.name(), s.grad_fn.name(), v.grad_fn.name()) == (
        "LinalgSvdBackward0", "LinalgSvdBackward0", "TransposeBackward0")
    assert [tuple(t.shape) for t in torch.svd(x, some=False)] == [(3, 3), (2,), (2, 2)]
    assert [tuple(t.shape) for t in torch.linalg.svd(x)] == [(3, 3), (2,), (2, 2)]
    no_uv = torch.svd(x.t(), compute_uv=False)
    assert [tuple(t.shape) for t in no_uv] == [(2, 2), (2,), (3, 3)] and no_uv.U.grad_fn is None
    np.testing.assert_allclose((u._data * s._data) @ v._data.T,
                               x._data, atol=1e-6)


@pytest.mark.parametrize("name, shape, params", [
    ("svd_U", (2, 4), {"full_matrices": False}), ("svd_Vh", (4, 2), {"full_matrices": False}),
    ("svd_U", (4, 2), {"full_matrices": True}), ("svdvals", (2, 3, 3), {}), ("det", (2, 2, 2), {}),
    ("det", (7, 7), {}), ("inverse", (5, 5), {}),
])
def test_vjp_and_symbolic_rule_agree_with_central_differences(name, shape, params):
    """Shapes beyond the table's rows: wide, full_matrices, batches, the expanded rules of large matrices.
    (full_matrices=True: the extra columns of U have no derivative; PyTorch and the engine send them none.)"""
    from core.ops.registry import REGISTRY
    op = REGISTRY[name]
    arrays = [np.random.default_rng(len(name) + len(shape)).uniform(-1.5, 1.5, shape)]
    out, fd = table.fd_jacobians(op, arrays, params)
    if name == "svd_U" and params.get("full_matrices") and shape[0] > shape[1]:
        keep = np.zeros(out.shape, dtype=bool)
        keep[..., : shape[1]] = True
        fd = [J[keep.ravel()] for J in fd]
        pick = keep.ravel()
    else:
        pick = slice(None)
    for create_graph in (False, True):
        eng = table.engine_jacobians(op, arrays, params, create_graph)
        np.testing.assert_allclose(eng[0][pick], fd[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(table.symbolic_jacobians(op, arrays, params)[0][pick], fd[0], rtol=1e-5, atol=1e-6)


def test_std_mean_is_a_plain_tuple_of_two_outputs_of_one_node_name():
    x = torch.tensor([[0.9956, -0.2232], [0.3858, -0.6593]], requires_grad=True)
    sm = torch.std_mean(x)
    assert type(sm) is tuple and repr(sm) == ("(tensor(0.7216, grad_fn=<StdMeanBackward0>), "
                                              "tensor(0.1247, grad_fn=<StdMeanBackward0>))")
    v, m = torch.var_mean(x, 1, keepdim=True)
    assert (v.grad_fn.name(), m.grad_fn.name(), tuple(v.shape)) == ("VarMeanBackward0", "VarMeanBackward0", (2, 1))
    assert not hasattr(x, "std_mean")   # PyTorch has no such Tensor method


def test_a_program_reaches_torch_linalg_and_the_fields_of_the_result():
    source = ("import torch\nx = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)\n"
              "r = torch.linalg.svd(x)\nprint(r.S, torch.linalg.det(x), r.Vh.shape)\n"
              "out = torch.linalg.svdvals(x).sum() + torch.linalg.inv(x).sum()\nout.backward()\nprint(x.grad)\n")
    result = run_program(source)
    assert result.error is None, result.error
    assert result.stdout.splitlines()[0].startswith("tensor([3.6180, 1.3820], grad_fn=<LinalgSvdBackward0>) "
                                                    "tensor(5., grad_fn=<LinalgDetBackward0>)")
