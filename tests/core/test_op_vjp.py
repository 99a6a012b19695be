"""Every registered op's vjp against float64 central differences.

One table row per op: input shapes (broadcasting where the op broadcasts),
params, and a value domain away from kinks.  For each output element the
engine's one-hot backward row must equal the finite-difference row, through
both vjp namespaces (plain numpy backward, and the Tensor one that
``create_graph=True`` uses).  A new op without a row fails
``test_every_op_has_a_row``.
"""
import numpy as np
import pytest

import core.torch  # noqa: F401  (registers every op and the Tensor methods)
from core.tensor.tensor import Tensor
from core.dtypes import float64
from core.ops.registry import REGISTRY, apply

POS = (0.5, 1.5)       # positive domain (log, sqrt, division)
ANY = (-1.5, 1.5)      # keeps |x| > 0.2 to stay off kinks
IDX = np.array([0, 2, 0])

# op -> (shapes, params, domains per input)
ROWS = {
    "add": [((2, 3), (3,)), {}, None],
    "sub": [((2, 1), (1, 3)), {"alpha": 2}, None],
    "rsub": [((3,),), {"other": 2.0}, None],
    "mul": [((2, 3), (2, 1)), {}, None],
    "div": [((2, 3), (3,)), {}, (ANY, POS)],
    "reciprocal": [((3,),), {}, (POS,)],
    "neg": [((2, 2),), {}, None],
    "pow": [((3,),), {"exponent": 3}, None],
    "pow_tensor": [((2, 3), (3,)), {}, (POS, ANY)],
    "rpow": [((3,),), {"base": 2.0}, None],
    "exp": [((3,),), {}, None],
    "log": [((3,),), {}, (POS,)],
    "sqrt": [((3,),), {}, (POS,)],
    "abs": [((4,),), {}, None],
    "sign": [((3,),), {}, None],
    "sin": [((3,),), {}, None],
    "cos": [((3,),), {}, None],
    "tan": [((3,),), {}, ((-1.0, 1.0),)],
    "tanh": [((3,),), {}, None],
    "sigmoid": [((3,),), {}, None],
    "relu": [((4,),), {}, None],
    "clamp": [((5,),), {"min": -0.8, "max": 0.8}, None],
    "clamp_min": [((4,),), {"min": 0.1}, None],
    "clamp_max": [((4,),), {"max": 0.1}, None],
    "clamp_tensor": [((4,), (4,), (4,)), {}, ("clamp",)],
    "maximum": [((2, 3), (3,)), {}, None],
    "minimum": [((2, 3), (3,)), {}, None],
    "where": [((2, 3), (3,)), {"condition": np.array([[True, False, True], [False, False, True]])}, None],
    "clone": [((2, 3),), {}, None],
    "to": [((3,),), {"dtype": float64}, None],
    "copy_": [((2, 3), (3,)), {}, None],
    "fill_": [((3,),), {"value": 1.0}, None],
    "zero_": [((3,),), {}, None],
    "floor": [((3,),), {}, None],
    "ceil": [((3,),), {}, None],
    "round": [((3,),), {}, None],
    "trunc": [((3,),), {}, None],
    "floor_divide": [((3,), (3,)), {}, (POS, POS)],
    "sum": [((2, 3),), {}, None],
    "sum_dim": [((2, 3, 2),), {"dim": (0, 2), "keepdim": False}, None],
    "mean": [((2, 3),), {}, None],
    "mean_dim": [((2, 3),), {"dim": (1,), "keepdim": True}, None],
    "prod": [((2, 3),), {}, None],
    "prod_dim": [((2, 3),), {"dim": 1, "keepdim": False}, None],
    "var": [((2, 3),), {"dim": (1,), "correction": 1, "keepdim": False}, None],
    "std": [((2, 3),), {"dim": None, "correction": 0, "keepdim": False}, None],
    "norm": [((2, 3),), {"p": 2.0, "dim": (1,), "keepdim": False}, None],
    "max_all": [((2, 3),), {}, None],
    "min_all": [((2, 3),), {}, None],
    "amax": [((2, 3),), {"dim": (1,), "keepdim": False}, None],
    "amin": [((2, 3),), {"dim": (0,), "keepdim": True}, None],
    "max_dim": [((2, 3),), {"dim": 1, "keepdim": False}, None],
    "min_dim": [((2, 3),), {"dim": 0, "keepdim": True}, None],
    "softmax": [((2, 3),), {"dim": 1}, None],
    "log_softmax": [((2, 3),), {"dim": 0}, None],
    "mm": [((2, 3), (3, 2)), {}, None],
    "mv": [((2, 3), (3,)), {}, None],
    "dot": [((3,), (3,)), {}, None],
    "bmm": [((2, 2, 3), (2, 3, 2)), {}, None],
    "view": [((2, 3),), {"shape": (3, 2)}, None],
    "reshape_copy": [((2, 3),), {"shape": (6,)}, None],
    "unsafe_view": [((2, 3),), {"shape": (3, 2)}, None],
    "transpose": [((2, 3),), {"dim0": 0, "dim1": 1}, None],
    "t": [((2, 3),), {}, None],
    "permute": [((2, 3, 2),), {"dims": (1, 0, 2)}, None],
    "unsqueeze": [((2, 3),), {"dim": 1}, None],
    "squeeze": [((2, 1, 3),), {}, None],
    "squeeze_dim": [((2, 1, 3),), {"dim": 1}, None],
    "squeeze_dims": [((1, 3),), {"dims": (0,)}, None],
    "expand": [((1, 3),), {"shape": (2, 3)}, None],
    "select": [((2, 3),), {"dim": 1, "index": 2}, None],
    "slice": [((2, 4),), {"dim": 1, "start": 0, "stop": 4, "step": 2}, None],
    "index": [((4,),), {"index": (IDX,)}, None],
    "index_backward": [((3,),), {"shape": (4,), "index": (IDX,)}, None],
    "index_put": [((4,), (2,)), {"index": (np.array([1, 3]),)}, None],
    "repeat": [((2, 3),), {"repeats": (2, 1)}, None],
    "cat": [((2, 3), (1, 3)), {"dim": 0}, None],
    "stack": [((2, 3), (2, 3)), {"dim": 1}, None],
    "mse_loss": [((2, 3), (2, 3)), {"reduction": "mean"}, None],
    "nll_loss": [((2, 3),), {"target": np.array([0, 2]), "reduction": "mean"}, None],
    "binary_cross_entropy": [((2, 3), (2, 3)), {"reduction": "sum"}, ((0.1, 0.9), (0.0, 1.0))],
}


def _values(shape, domain, rng):
    lo, hi = domain
    x = rng.uniform(lo, hi, size=shape)
    if domain == ANY:
        # stay off the kinks of relu/abs/clamp/sign/round and away from ties
        x = np.where(np.abs(x) < 0.2, x + np.sign(x + 1e-9) * 0.3, x)
        x = x + np.arange(x.size).reshape(shape) * 1e-3
    return x


def _inputs(name, rng):
    shapes, params, domains = ROWS[name]
    if domains == ("clamp",):
        return [np.array([-1.0, 0.2, 1.0, 0.5]), np.array([-0.5, -0.5, -0.5, 0.0]),
                np.array([0.5, 0.5, 0.5, 1.0])], params
    domains = domains or (ANY,) * len(shapes)
    return [_values(s, d, rng) for s, d in zip(shapes, domains)], params


def _forward(op, arrays, params):
    out = op.forward(*arrays, **params)
    return np.asarray(out[0] if op.has_aux else out, dtype=np.float64)


def _fd_jacobians(op, arrays, params, h=1e-6):
    out = _forward(op, arrays, params)
    jacs = []
    for k, a in enumerate(arrays):
        J = np.zeros((out.size, a.size))
        for j in range(a.size):
            plus, minus = [x.copy() for x in arrays], [x.copy() for x in arrays]
            plus[k].flat[j] += h
            minus[k].flat[j] -= h
            J[:, j] = (_forward(op, plus, params) - _forward(op, minus, params)).ravel() / (2 * h)
        jacs.append(J)
    return out, jacs


def _engine_jacobians(op, arrays, params, create_graph):
    rows = [[] for _ in arrays]
    n_out = None
    i = 0
    while n_out is None or i < n_out:
        leaves = [Tensor._make(a.copy()) for a in arrays]
        for t in leaves:
            t.requires_grad_(True)
        out = apply(op, tuple(leaves), params)
        n_out = out.numel()
        onehot = np.zeros(out.shape)
        onehot.flat[i] = 1.0
        out.backward(Tensor._make(onehot), create_graph=create_graph)
        for k, t in enumerate(leaves):
            g = np.zeros(arrays[k].size) if t.grad is None else np.asarray(t.grad._data).ravel()
            rows[k].append(g)
        i += 1
    return [np.array(r) for r in rows]


def test_every_op_has_a_row():
    differentiable = {name for name, op in REGISTRY.items() if op.vjp is not None}
    assert differentiable - set(ROWS) == set()


@pytest.mark.filterwarnings("ignore:Using backward\\(\\) with create_graph=True")
@pytest.mark.parametrize("create_graph", [False, True], ids=["numpy-vjp", "tensor-vjp"])
@pytest.mark.parametrize("name", sorted(ROWS))
def test_vjp_matches_central_differences(name, create_graph):
    op = REGISTRY[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    arrays, params = _inputs(name, rng)
    _, fd = _fd_jacobians(op, arrays, params)
    eng = _engine_jacobians(op, arrays, params, create_graph)
    for k, (J_fd, J_eng) in enumerate(zip(fd, eng)):
        np.testing.assert_allclose(J_eng, J_fd, rtol=1e-5, atol=1e-6, err_msg=f"{name}: input {k}")


def test_a_broken_vjp_is_caught(monkeypatch):
    # the check is not vacuous: a wrong rule for mul fails it
    op = REGISTRY["mul"]
    monkeypatch.setattr(op, "vjp", lambda ctx, g, F: (g * ctx.input(1, F) * 1.01, g * ctx.input(0, F)))
    rng = np.random.default_rng(0)
    arrays, params = _inputs("mul", rng)
    _, fd = _fd_jacobians(op, arrays, params)
    eng = _engine_jacobians(op, arrays, params, False)
    assert not np.allclose(eng[0], fd[0], rtol=1e-5, atol=1e-6)
