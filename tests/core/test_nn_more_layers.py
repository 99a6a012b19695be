"""nn.Bilinear / F.bilinear, nn.GroupNorm / F.group_norm, nn.PairwiseDistance / F.pairwise_distance and
nn.CosineSimilarity / F.cosine_similarity (core/ops/norms.py, core/torch/nn/functional.py, layers.py).

The ops' rows in tests/ops_table.py (trilinear, native_group_norm, norm_dim) check each op against
central differences, its symbolic rule and PyTorch.  Here: the variants a row does not reach, and
PyTorch 2.13's own run of each case (values, grads, grad_fn chains, module reprs, seeded init, error
messages), recorded in tests/data/nn_more_layers.json by ``python tests/core/test_nn_more_layers.py``
and re-checked live when torch is installed.  The recording was made on an AMD EPYC with AVX-512;
where the engine reproduces PyTorch's float32 bits there, the test says so (``EXACT``).
"""
from __future__ import annotations

import contextlib
import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script to record
    sys.path.insert(0, str(ROOT))

import core.torch as ours  # noqa: E402
from core.interp import run_program  # noqa: E402
from core.symbolic.jacobian import jacobian  # noqa: E402
from core.symbolic.shadow import Shadow  # noqa: E402

RECORD = ROOT / "tests" / "data" / "nn_more_layers.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")

pytestmark = pytest.mark.filterwarnings("ignore:Using backward\\(\\) with create_graph=True")

INF = float("inf")

# case -> (input shapes, call(F, inputs)); every input requires grad
CASES = {
    "bilinear_docs": ([(32, 20), (32, 30), (10, 20, 30), (10,)], lambda F, t: F.bilinear(*t)),
    "bilinear_small": ([(5, 2), (5, 3), (4, 2, 3), (4,)], lambda F, t: F.bilinear(*t)),
    "bilinear_3d_no_bias": ([(2, 3, 4), (2, 3, 6), (5, 4, 6)], lambda F, t: F.bilinear(*t)),
    "bilinear_1d": ([(4,), (6,), (5, 4, 6), (5,)], lambda F, t: F.bilinear(*t)),
    "group_norm_docs": ([(4, 6, 10, 10), (6,), (6,)], lambda F, t: F.group_norm(t[0], 3, t[1], t[2])),
    "group_norm_one_group": ([(4, 6, 5)], lambda F, t: F.group_norm(t[0], 1)),
    "group_norm_per_channel": ([(3, 4, 2, 2), (4,), (4,)], lambda F, t: F.group_norm(t[0], 4, t[1], t[2], 1e-3)),
    "group_norm_2d_weight_only": ([(5, 6), (6,)], lambda F, t: F.group_norm(t[0], 2, t[1])),
    "pairwise_p2": ([(6, 5), (6, 5)], lambda F, t: F.pairwise_distance(*t)),
    "pairwise_p1": ([(6, 5), (6, 5)], lambda F, t: F.pairwise_distance(*t, p=1.0)),
    "pairwise_p3_keepdim": ([(6, 5), (6, 5)], lambda F, t: F.pairwise_distance(*t, p=3.0, keepdim=True)),
    "pairwise_inf": ([(6, 5), (6, 5)], lambda F, t: F.pairwise_distance(*t, p=INF)),
    "pairwise_minus_inf": ([(6, 5), (6, 5)], lambda F, t: F.pairwise_distance(*t, p=-INF)),
    "pairwise_p0": ([(6, 5), (6, 5)], lambda F, t: F.pairwise_distance(*t, p=0.0)),
    "pairwise_broadcast_eps": ([(4, 3), (3,)], lambda F, t: F.pairwise_distance(*t, eps=0.1)),
    "pairwise_1d": ([(7,), (7,)], lambda F, t: F.pairwise_distance(*t)),
    "cosine_docs": ([(20, 128), (20, 128)], lambda F, t: F.cosine_similarity(*t, dim=1, eps=1e-6)),
    "cosine_broadcast": ([(4, 3), (3,)], lambda F, t: F.cosine_similarity(*t)),
    "cosine_last_dim": ([(2, 3, 4), (2, 3, 4)], lambda F, t: F.cosine_similarity(*t, dim=-1)),
    "cosine_1d": ([(5,), (5,)], lambda F, t: F.cosine_similarity(*t, dim=0)),
}

# bit for bit with PyTorch (float32) on the recording's CPU: (output, grads)
EXACT = {
    "bilinear_docs": (True, (False, True, True, True)),  # x1's grad: ATen's batched bmm order is not followed
    "bilinear_small": (True, (True, True, True, True)),
    "bilinear_3d_no_bias": (True, (True, True, True)),
    "bilinear_1d": (True, (True, True, True, True)),
    "pairwise_p1": (True, (True, True)),
    "pairwise_inf": (True, (True, True)),
    "pairwise_minus_inf": (True, (True, True)),
    "pairwise_p0": (True, (True, True)),
}

MODULES = {
    "GroupNorm(3, 6)": lambda nn: nn.GroupNorm(3, 6),
    "GroupNorm(2, 4, eps=1e-3, affine=False)": lambda nn: nn.GroupNorm(2, 4, eps=1e-3, affine=False),
    "GroupNorm(2, 4, bias=False)": lambda nn: nn.GroupNorm(2, 4, bias=False),
    "PairwiseDistance(p=1.0, keepdim=True)": lambda nn: nn.PairwiseDistance(p=1.0, keepdim=True),
    "CosineSimilarity(dim=0)": lambda nn: nn.CosineSimilarity(dim=0),
    "Bilinear(20, 30, 40)": lambda nn: nn.Bilinear(20, 30, 40),
    "Bilinear(2, 3, 4, bias=False)": lambda nn: nn.Bilinear(2, 3, 4, bias=False),
}

ERRORS = {
    "bilinear batch": lambda t, F: F.bilinear(t.randn(3, 4), t.randn(2, 6), t.randn(5, 4, 6)),
    "bilinear input1": lambda t, F: F.bilinear(t.randn(3, 3), t.randn(3, 6), t.randn(5, 4, 6)),
    "bilinear input2": lambda t, F: F.bilinear(t.randn(3, 4), t.randn(3, 7), t.randn(5, 4, 6)),
    "bilinear bias": lambda t, F: F.bilinear(t.randn(3, 4), t.randn(3, 6), t.randn(5, 4, 6), t.randn(4)),
    "bilinear dims": lambda t, F: F.bilinear(t.randn(3, 4), t.randn(3, 2, 6), t.randn(5, 4, 6)),
    "bilinear dtype": lambda t, F: F.bilinear(t.randn(3, 4).double(), t.randn(3, 6), t.randn(5, 4, 6), t.randn(5)),
    "bilinear 2-d weight": lambda t, F: F.bilinear(t.randn(3, 4), t.randn(3, 6), t.randn(4, 6)),
    "group_norm groups": lambda t, F: F.group_norm(t.randn(2, 6, 3), 4),
    "group_norm weight": lambda t, F: F.group_norm(t.randn(2, 6, 3), 3, t.randn(5)),
    "group_norm bias": lambda t, F: F.group_norm(t.randn(2, 6, 3), 3, None, t.randn(5)),
    "group_norm bias with weight": lambda t, F: F.group_norm(t.randn(2, 6, 3), 3, t.randn(6), t.randn(5)),
    "group_norm 1-d": lambda t, F: F.group_norm(t.randn(6), 3),
    "group_norm one value": lambda t, F: F.group_norm(t.randn(1, 6, 1), 6),
    "group_norm int": lambda t, F: F.group_norm(t.ones(2, 6, dtype=t.int64), 3),
    "GroupNorm channels": lambda t, F: t.nn.GroupNorm(4, 6),
    "GroupNorm input": lambda t, F: t.nn.GroupNorm(3, 6)(t.randn(2, 5, 4)),
    "pairwise sizes": lambda t, F: F.pairwise_distance(t.randn(3, 4), t.randn(2, 4)),
    "cosine sizes": lambda t, F: F.cosine_similarity(t.randn(3, 4), t.randn(3, 5)),
    "cosine int": lambda t, F: F.cosine_similarity(t.ones(3, 4, dtype=t.int64), t.ones(3, 4, dtype=t.int64)),
    "cosine dim": lambda t, F: F.cosine_similarity(t.randn(3, 4), t.randn(3, 4), dim=2),
}


def _inputs(name):
    rng = np.random.default_rng(sum(map(ord, name)))
    return [rng.standard_normal(s).astype(np.float32) for s in CASES[name][0]]


def _chain(fn):
    """grad_fn names, depth first (PyTorch's AccumulateGrad spelled without its namespace)."""
    if fn is None:
        return None
    return [fn.name().split("::")[-1], [_chain(f) for f, _ in fn.next_functions]]


def run_case(t, name):
    """One case in the namespace ``t`` (real torch or core.torch): output, grads, grad_fn chain."""
    arrays = _inputs(name)
    inputs = [t.tensor(a, requires_grad=True) for a in arrays]
    out = CASES[name][1](t.nn.functional, inputs)
    rng = np.random.default_rng(7)
    g = rng.standard_normal(tuple(out.shape)).astype(np.float32)
    out.backward(t.tensor(g))
    return {"output": out.detach().numpy().tolist(), "chain": _chain(out.grad_fn),
            "grads": [None if x.grad is None else x.grad.numpy().tolist() for x in inputs]}


@contextlib.contextmanager
def _float32_default(t):
    """float32 as the default dtype whatever an earlier test left (randn's dtype, Bilinear's init)."""
    before = t.get_default_dtype()
    t.set_default_dtype(t.float32)
    try:
        yield
    finally:
        t.set_default_dtype(before)


def _error(t, fn):
    try:
        fn(t, t.nn.functional)
    except Exception as e:  # noqa: BLE001  (the type is what is recorded)
        return [type(e).__name__, str(e)]
    return None


def record(t):
    with _float32_default(t):
        return _record(t)


def _record(t):
    t.manual_seed(0)
    init = t.nn.Bilinear(3, 4, 2)
    return {
        "torch": t.__version__,
        "cases": {name: run_case(t, name) for name in CASES},
        "reprs": {key: repr(make(t.nn)) for key, make in MODULES.items()},
        "errors": {key: _error(t, fn) for key, fn in ERRORS.items()},
        "bilinear_init": {"weight": init.weight.detach().numpy().tolist(), "bias": init.bias.detach().numpy().tolist()},
    }


def _recorded():
    return json.loads(RECORD.read_text())


def _bits(a):
    return np.asarray(a, np.float32)


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_grads_and_graph_match_pytorch(name):
    exp = _recorded()["cases"][name]
    got = run_case(ours, name)
    assert got["chain"] == exp["chain"]
    out_exact, grads_exact = EXACT.get(name, (False, (False,) * len(exp["grads"])))
    y, y_exp = _bits(got["output"]), _bits(exp["output"])
    if out_exact:
        assert np.array_equal(y, y_exp)
    else:
        np.testing.assert_allclose(y, y_exp, rtol=2e-6, atol=2e-6)
    for g, g_exp, exact in zip(got["grads"], exp["grads"], grads_exact):
        if g_exp is None or g is None:
            assert g is None and g_exp is None
        elif exact:
            assert np.array_equal(_bits(g), _bits(g_exp))
        else:
            np.testing.assert_allclose(_bits(g), _bits(g_exp), rtol=1e-5, atol=2e-5)


def test_reprs_match_pytorch():
    exp = _recorded()["reprs"]
    assert {key: repr(make(ours.nn)) for key, make in MODULES.items()} == exp


@pytest.mark.parametrize("key", sorted(ERRORS))
def test_errors_are_worded_as_pytorch_words_them(key):
    with _float32_default(ours):
        assert _error(ours, ERRORS[key]) == _recorded()["errors"][key]


def test_bilinear_default_init_is_drawn_as_pytorch_draws_it():
    exp = _recorded()["bilinear_init"]
    ours.manual_seed(0)
    with _float32_default(ours):
        m = ours.nn.Bilinear(3, 4, 2)
    assert np.array_equal(m.weight.detach().numpy(), _bits(exp["weight"]))
    assert np.array_equal(m.bias.detach().numpy(), _bits(exp["bias"]))


@pytest.mark.skipif(not HAS_TORCH, reason="real PyTorch is not installed: the recorded run was checked instead")
def test_recording_is_current():
    import torch

    live = record(torch)
    rec = _recorded()
    assert live["reprs"] == rec["reprs"] and live["errors"] == rec["errors"]
    assert live["bilinear_init"] == rec["bilinear_init"]
    for name, case in live["cases"].items():
        assert case["chain"] == rec["cases"][name]["chain"], name
        # NOTE: PyTorch's last float32 bits depend on the CPU (MKL's kernels): compared to float32 precision
        np.testing.assert_allclose(_bits(case["output"]), _bits(rec["cases"][name]["output"]), rtol=2e-6, atol=2e-6)


# ---------------------------------------------------------------------------
# variants of the ops-table rows: every witness on other params
# ---------------------------------------------------------------------------

def _jacobians(fn, arrays):
    """Every witness of ``fn(*tensors)`` (a public function, float64 leaves): central differences of its
    forward, the engine's one-hot backward rows (plain and create_graph) and the symbolic Jacobian."""
    import symengine as se

    def value(xs):
        return np.asarray(fn(*[ours.tensor(x) for x in xs])._data, dtype=np.float64)

    out = value(arrays)
    h = 1e-6
    fd = []
    for k, a in enumerate(arrays):
        J = np.zeros((out.size, a.size))
        for j in range(a.size):
            plus, minus = [x.copy() for x in arrays], [x.copy() for x in arrays]
            plus[k].flat[j] += h
            minus[k].flat[j] -= h
            J[:, j] = (value(plus) - value(minus)).ravel() / (2 * h)
        fd.append(J)
    engine = {}
    for create_graph in (False, True):
        rows = [[] for _ in arrays]
        for i in range(out.size):
            leaves = [ours.tensor(a, requires_grad=True) for a in arrays]
            y = fn(*leaves)
            onehot = np.zeros(out.shape)
            onehot.flat[i] = 1.0
            y.backward(ours.tensor(onehot), create_graph=create_graph)
            for k, t in enumerate(leaves):
                rows[k].append(np.zeros(arrays[k].size) if t.grad is None else np.asarray(t.grad._data).ravel())
        engine[create_graph] = [np.array(r) for r in rows]
    with Shadow() as sh:
        leaves = [ours.tensor(a, requires_grad=True) for a in arrays]
        y = fn(*leaves)
    values = {sym: se.RealDouble(float(x)) for t, syms in sh.leaves
              for sym, x in zip(np.asarray(syms).ravel(), np.asarray(t._data).ravel())}
    numeric, _ = jacobian(y._sym, [t._sym for t in leaves], values)
    symbolic = [J.reshape(out.size, a.size) for J, a in zip(numeric, arrays)]
    return fd, engine[False], engine[True], symbolic


def _check(fn, *arrays):
    fd, plain, graph, symbolic = _jacobians(fn, list(arrays))
    for witness in (plain, graph, symbolic):
        for J, J_fd in zip(witness, fd):
            np.testing.assert_allclose(J, J_fd, rtol=1e-5, atol=1e-6)


def _arrays(*shapes, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1.5, 1.5, s) for s in shapes]


F = ours.nn.functional


@pytest.mark.parametrize("fn, shapes", [
    (lambda x: F.group_norm(x, 1), [(2, 3, 2, 2)]),
    (lambda x, w: F.group_norm(x, 3, w, eps=1e-3), [(2, 3, 2), (3,)]),
    (lambda x, b: F.group_norm(x, 2, None, b), [(3, 4), (4,)]),
    (lambda x, w, b: F.group_norm(x, 2, w, b), [(2, 4, 3), (4,), (4,)]),
], ids=["one group", "weight only", "bias only", "affine"])
def test_group_norm_variants_agree_with_every_witness(fn, shapes):
    _check(fn, *_arrays(*shapes))


@pytest.mark.parametrize("p", [1.0, 2.0, 3.0, INF, -INF])
def test_pairwise_distance_agrees_with_every_witness(p):
    _check(lambda a, b: F.pairwise_distance(a, b, p=p), *_arrays((3, 4), (3, 4), seed=3))
    _check(lambda a, b: F.pairwise_distance(a, b, p=p, keepdim=True), *_arrays((2, 3, 2), (2,), seed=4))


@pytest.mark.parametrize("dim, shapes", [(1, [(3, 4), (3, 4)]), (0, [(3, 2), (2,)]), (-1, [(2, 2, 3), (2, 2, 3)])])
def test_cosine_similarity_agrees_with_every_witness(dim, shapes):
    _check(lambda a, b: F.cosine_similarity(a, b, dim=dim), *_arrays(*shapes, seed=6))


@pytest.mark.parametrize("shapes", [[(4, 3), (4, 5), (2, 3, 5), (2,)], [(2, 2, 3), (2, 2, 2), (3, 3, 2)],
                                    [(3,), (2,), (2, 3, 2), (2,)]], ids=["2-d", "3-d no bias", "1-d"])
def test_bilinear_agrees_with_every_witness(shapes):
    _check(F.bilinear, *_arrays(*shapes, seed=5))


def test_norm_p0_counts_nonzeros_and_leaves_no_grad():
    x = ours.tensor([[0.0, 2.0, -1.0], [0.0, 0.0, 3.0]], requires_grad=True)
    d = ours.nn.functional.pairwise_distance(x, ours.zeros(2, 3), p=0.0, eps=0.0)
    assert d.tolist() == [2.0, 1.0] and d.grad_fn.name() == "NormBackward1"
    d.sum().backward()
    assert x.grad is None


def test_cosine_similarity_clamps_a_norm_below_eps_without_a_gradient():
    x = ours.tensor([[1e-9, 0.0], [3.0, 4.0]], requires_grad=True)
    y = ours.tensor([[1.0, 0.0], [4.0, 3.0]])
    c = ours.nn.functional.cosine_similarity(x, y, eps=1e-8)
    np.testing.assert_allclose(c.detach().numpy(), [0.1, 0.96], rtol=1e-6)
    c.sum().backward()
    assert x.grad.shape == (2, 2)


def test_modules_hold_pytorchs_attributes_and_parameters():
    g = ours.nn.GroupNorm(2, 4, eps=1e-3)
    assert (g.num_groups, g.num_channels, g.eps, g.affine) == (2, 4, 1e-3, True)
    assert [n for n, _ in g.named_parameters()] == ["weight", "bias"]
    assert g.weight.tolist() == [1.0] * 4 and g.bias.tolist() == [0.0] * 4
    assert [n for n, _ in ours.nn.GroupNorm(2, 4, affine=False).named_parameters()] == []
    d = ours.nn.PairwiseDistance(p=3.0, eps=0.5, keepdim=True)
    assert (d.norm, d.eps, d.keepdim) == (3.0, 0.5, True)
    c = ours.nn.CosineSimilarity(dim=0, eps=1e-3)
    assert (c.dim, c.eps) == (0, 1e-3)


def test_programs_reach_the_layers_through_the_sandbox():
    src = ("import torch\nfrom torch import nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
           "x = torch.randn(2, 4, 3, requires_grad=True)\n"
           "g = nn.GroupNorm(2, 4)(x)\n"
           "b = nn.Bilinear(3, 3, 2)(g[:, 0], g[:, 1])\n"
           "d = nn.PairwiseDistance()(b, torch.ones(2, 2)) + F.cosine_similarity(b, torch.ones(2, 2))\n"
           "e = torch.pairwise_distance(b, b * 2) * torch.cosine_similarity(b, -b, 1, 1e-6)\n"
           "f = torch.bilinear(g[:, 2], g[:, 3], torch.ones(1, 3, 3), None)\n"
           "(d.sum() + e.sum() + nn.CosineSimilarity(dim=0)(f, f).sum()).backward()\n"
           "print(g.grad_fn.name(), b.grad_fn.name(), d.grad_fn.name(), e.grad_fn.name(), f.grad_fn.name(), "
           "x.grad.shape)\n")
    result = run_program(src)
    assert result.error is None, result.error
    # what PyTorch 2.13 printed for this program
    assert result.stdout == ("NativeGroupNormBackward0 AddBackward0 AddBackward0 MulBackward0 ViewBackward0 "
                             "torch.Size([2, 4, 3])\n")


if __name__ == "__main__":
    import torch

    RECORD.write_text(json.dumps(record(torch)) + "\n")
    print(f"recorded {len(CASES)} cases in {RECORD.relative_to(ROOT)}")
