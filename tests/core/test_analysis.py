"""The analysis: J and vᵀJ from symbols beside the engine's backward, and the verdict."""
import textwrap

import numpy as np
import pytest

from core.analysis import AnalysisError, analyze
from core.ops.registry import REGISTRY
from core.symbolic.jacobian import display_names
from tests.oracle import case_paths, load_expected

# Programs the interpreter rejects by design (they read type(x).__name__).
REJECTED = {"ag_functional_jacobian", "ag_grad_grad_outputs", "eng_grad_fn_next_functions", "eng_hook_handle_remove",
            "eng_variable_constructor", "op_max_dim_indices", "print_shape_size_dim", "print_size"}
# PyTorch's own one-hot backward gives nan where a zero row meets an infinite local
# derivative (0 * inf); the mathematical Jacobian there is 0.
AUTOGRAD_NAN = {"op_exp_log", "op_pow_scalar_exponents", "op_sqrt_at_zero"}

CASES = [p for p in case_paths()
         if (load_expected(p).get("jacobian") or {}).get("jacobian") and p.stem not in REJECTED]


def _same(ours, recorded, allow_autograd_nan=False):
    rec = np.array(recorded, dtype=float)
    ours = np.asarray(ours, dtype=float)
    if allow_autograd_nan:
        rec = np.where(np.isnan(rec) & (ours == 0), 0.0, rec)
    return ours.shape == rec.shape and np.allclose(ours, rec, rtol=1e-5, atol=1e-6, equal_nan=True)


def test_every_recorded_jacobian_is_covered():
    assert len(CASES) >= 100


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_recorded_jacobian_vjp_and_backward(path):
    exp = load_expected(path)
    jac = exp["jacobian"]
    src = path.read_text()
    if path.stem == "err_backward_wrong_grad_shape":
        with pytest.raises(AnalysisError, match=r"shape \[3\].*shape \[2\]"):
            analyze(src, output="out")
        return
    a = analyze(src, output="out")
    # the recording names the top-level leaves; a model's parameters follow them (model.linear.weight)
    assert a.leaves[:len(jac["leaves"])] == jac["leaves"] and all("." in n for n in a.leaves[len(jac["leaves"]):])
    for leaf, J in jac["jacobian"].items():
        assert _same(a.jacobian[leaf], J, path.stem in AUTOGRAD_NAN), leaf
    if "vjp" in jac:
        for leaf, V in jac["vjp"].items():
            assert _same(a.vjp[leaf], V), leaf
            assert _same(a.backward[leaf], V), leaf
        assert a.match
    assert np.isfinite(a.max_abs_diff) or not a.match


def run(src, **kw):
    return analyze(textwrap.dedent(src).lstrip("\n"), **kw)


def test_output_and_v_from_the_first_backward_call():
    a = run("""
        import torch
        x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        y = x * x
        y.backward(torch.tensor([[1., 0.], [0., 2.]]))
        x = x * 100
    """)
    assert a.output == "y" and a.grad_tensor_source == "program" and a.line == 4
    assert np.allclose(a.backward["x"], [[2., 0.], [0., 16.]]) and a.match


def test_unnamed_output_is_found():
    a = run("""
        import torch
        w = torch.tensor([1., 2., 3.], requires_grad=True)
        (w ** 2).sum().backward()
    """)
    assert a.output.startswith("the tensor differentiated on line 3")
    assert np.allclose(a.vjp["w"], [2., 4., 6.]) and a.grad_tensor_source == "implicit_ones"


def test_jacobian_is_the_one_at_the_backward_call():
    # x changes (under no_grad) after the backward: J is the one at the call
    a = run("""
        import torch
        x = torch.tensor([1., 2.], requires_grad=True)
        out = (x ** 3).sum()
        out.backward()
        with torch.no_grad():
            x += 10
    """)
    assert np.allclose(a.jacobian["x"], [3., 12.])


def test_nonscalar_without_v_still_gets_j_and_an_explanation():
    a = run("""
        import torch
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        out = x * 2
    """)
    assert a.vjp is None and np.allclose(a.jacobian["x"], 2 * np.eye(3))
    assert any("implicitly created only for scalar outputs" in n for n in a.notes)
    assert a.match  # J against the engine's one-hot rows


def test_v_option_and_shape_error():
    src = "import torch\nx = torch.ones(2, requires_grad=True)\nout = x * 3\n"
    a = analyze(src, grad_tensor="[1, 2]")
    assert a.grad_tensor_source == "option" and np.allclose(a.backward["x"], [3., 6.])
    with pytest.raises(AnalysisError, match=r"v has shape \[3\] but out has shape \[2\]"):
        analyze(src, grad_tensor="[1, 2, 3]")


def test_unknown_output_lists_the_tensors():
    with pytest.raises(AnalysisError, match="no tensor named 'nope'.*tensors: x, out"):
        analyze("import torch\nx = torch.ones(2, requires_grad=True)\nout = x * 3\n", output="nope")


def test_a_broken_vjp_rule_makes_the_verdict_false(monkeypatch):
    # the symbolic side never reads vjp rules, so a wrong rule cannot agree with it
    src = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = (x.sin() * x).sum()\nout.backward()\n"
    assert analyze(src).match
    op = REGISTRY["sin"]
    monkeypatch.setattr(op, "vjp", lambda ctx, g, F: (g * F.cos(ctx.input(0, F)) * 1.5,))
    a = analyze(src)
    assert not a.match and a.max_abs_diff > 0.1


def test_display_names_follow_the_tutorials():
    assert display_names("x", ()) == ["x"]
    assert display_names("x", (3,)) == ["x_1", "x_2", "x_3"]
    assert display_names("W", (2, 2)) == ["W_11", "W_12", "W_21", "W_22"]
    assert display_names("t", (1, 1, 2)) == ["t_{1,1,1}", "t_{1,1,2}"]
    assert display_names("x", (1, 10))[-1] == "x_{1,10}"


def test_jacobian_latex_uses_display_names():
    a = run("""
        import torch
        x = torch.tensor([[3., 4.]], requires_grad=True)
        y = torch.zeros(1, 2)
        y[0, 0] = x[0, 0] ** 2 + x[0, 1]
        y[0, 1] = x[0, 1] ** 3 + x[0, 0]
        out = 2 * y
        out.backward(torch.tensor([[1., 1.]]))
    """)
    tex = a.jacobian_latex["x"]
    assert "x_{11}" in tex and "x_{12}" in tex
    assert np.allclose(a.jacobian["x"].reshape(2, 2), [[12., 2.], [2., 96.]])


def test_trace_of_the_index_assignment_program():
    src = (load_expected.__globals__["DATA"] / "examples" / "seed_11_jacobian_index_assign.py").read_text()
    a = analyze(src)
    names = [s["grad_fn"] for s in a.trace]
    assert names[0] == "MulBackward0" and a.trace[0]["output_name"] == "out"
    assert names.count("CopySlices") == 2
    # the two branches: y[0, 0] = x00**2 + x01 and y[0, 1] = x01**3 + x00
    assert names.count("AddBackward0") == 2 and names.count("PowBackward0") == 2
    first_cs = a.trace[names.index("CopySlices")]
    assert first_cs["output_name"] == "y" and first_cs["grad_in"] == [[2.0, 2.0]]
    # CopySlices sends the gradient with the written element zeroed to the older y, and that element to the value
    sent = sorted((g["grad"] for g in first_cs["grads_out"]), key=str)
    assert sent == [2.0, [[2.0, 0.0]]]
    pows = [s for s in a.trace if s["grad_fn"] == "PowBackward0"]
    assert sorted(s["saved"]["self"] for s in pows) == [3.0, 4.0]  # x00 = 3, x01 = 4
    assert sorted(g["grad"] for s in pows for g in s["grads_out"]) == [12.0, 96.0]  # 2 * 2*3, 2 * 3*4**2
    last = a.trace[-1]
    assert last["grad_fn"] == "AccumulateGrad" and last["leaf"] == "x"
    assert last["grad_before"] is None and last["grad_after"] == [[14.0, 98.0]]
    # the program's call passes retain_graph=True: nothing is freed
    assert not any(s["freed"] for s in a.trace)


def test_trace_shows_saved_tensors_freed_without_retain_graph():
    a = analyze((load_expected.__globals__["DATA"] / "examples" / "seed_09_blitz_mean.py").read_text())
    freed = {s["grad_fn"] for s in a.trace if s["freed"]}
    assert freed == {"MulBackward0"}  # the nodes that saved tensors; Add and Mean saved none
    assert a.trace[-1]["grad_after"] == [[4.5, 4.5], [4.5, 4.5]]


def test_graph_has_names_shapes_and_a_layout():
    src = (load_expected.__globals__["DATA"] / "examples" / "seed_09_blitz_mean.py").read_text()
    g = analyze(src).graph
    kinds = {n["kind"] for n in g["nodes"]}
    assert kinds == {"output", "op", "leaf"}
    out = next(n for n in g["nodes"] if n["kind"] == "output")
    assert out["grad_fn"] == "MeanBackward0" and out["name"] == "out" and out["value"] == 27.0
    leaf = next(n for n in g["nodes"] if n["kind"] == "leaf")
    assert leaf["name"] == "x" and leaf["shape"] == [2, 2]
    by_id = {n["id"]: n for n in g["nodes"]}
    assert {by_id[e["target"]]["grad_fn"] for e in g["edges"] if by_id[e["source"]]["name"] == "y"} == {
        "AccumulateGrad"}
    for n in g["nodes"]:
        assert 0 <= n["x"] <= g["width"] and 0 <= n["y"] <= g["height"]
    assert out["y"] < leaf["y"]  # output at the top, leaves at the bottom
    assert all(len(e["points"]) >= 2 for e in g["edges"])


@pytest.mark.parametrize("stem", ["seed_11_jacobian_index_assign", "seed_09_blitz_mean", "seed_07_linear_xw_plus_b",
                                  "seed_01_mm_gradient"])
def test_chain_rule_paths_sum_to_each_entry_of_j(stem):
    a = analyze((load_expected.__globals__["DATA"] / "examples" / f"{stem}.py").read_text())
    for leaf in a.leaves:
        J = a.jacobian[leaf]
        n_out = int(np.prod(a.output_shape)) if a.output_shape else 1
        Jf = J.reshape(n_out, -1)
        for i in range(n_out):
            for k in range(Jf.shape[1]):
                paths, total, complete = a.paths(leaf, i, k)
                assert complete
                assert np.isclose(total, Jf[i, k], rtol=1e-5, atol=1e-6), (leaf, i, k, total, Jf[i, k])
                for p in paths:
                    assert np.isclose(np.prod([s.partial for s in p.steps]), p.product)
                    assert p.steps[-1].grad_fn == "AccumulateGrad" and p.steps[-1].element == np.unravel_index(
                        k, a.state[1][leaf].shape)


def test_paths_of_the_index_assignment_entry():
    # J[1, 0] = d out_2 / d x_1 = 2 * (d y_2 / d x_1) = 2: one path, through the second CopySlices
    a = analyze((load_expected.__globals__["DATA"] / "examples" / "seed_11_jacobian_index_assign.py").read_text())
    paths, total, _ = a.paths("x", 1, 0)
    assert total == 2.0 and len(paths) == 1
    names = [s.grad_fn for s in paths[0].steps]
    assert names[0] == "MulBackward0" and "CopySlices" in names and "AddBackward0" in names
    assert paths[0].steps[0].partial == 2.0


@pytest.mark.parametrize("stem", ["seed_12d_create_graph_second_derivative", "seed_12e_autograd_grad_create_graph"])
def test_second_derivative_symbolic_beside_engine(stem):
    # y = x**3 at x = 2: d2y/dx2 = 6x = 12, what the program prints
    a = analyze((load_expected.__globals__["DATA"] / "examples" / f"{stem}.py").read_text())
    h = a.second_order["x"]
    assert float(h["symbolic"]) == pytest.approx(12.0) and float(h["engine"]) == pytest.approx(12.0)
    assert h["match"]


def test_hessian_of_a_vector_function_and_no_second_order_without_create_graph():
    a = run("""
        import torch
        x = torch.tensor([1., 2.], requires_grad=True)
        out = (x[0] ** 2 * x[1] + x[1].sin()).unsqueeze(0)
        g, = torch.autograd.grad(out, x, torch.ones(1), create_graph=True)
    """)
    H = a.second_order["x"]["symbolic"]
    assert np.allclose(H, [[2 * 2., 2 * 1.], [2 * 1., -np.sin(2.)]], atol=1e-6) and a.second_order["x"]["match"]
    b = run("import torch\nx = torch.tensor([1., 2.], requires_grad=True)\n(x ** 2).sum().backward()\n")
    assert b.second_order is None


def test_central_differences_witness_agrees_and_sees_kinks():
    a = analyze((load_expected.__globals__["DATA"] / "examples" / "seed_11_jacobian_index_assign.py").read_text())
    assert a.differences["match"] and np.allclose(a.differences["jacobian"]["x"], a.jacobian["x"], rtol=1e-4)
    # relu at exactly 0: PyTorch (and J) take 0, the differences see half a step
    k = run("""
        import torch
        x = torch.tensor([0., 1.], requires_grad=True)
        out = torch.relu(x).sum()
        out.backward()
    """)
    assert k.match and not k.differences["match"]
    assert any("kink" in n for n in k.notes)


def test_an_inplace_view_is_replayed_as_the_program_saw_it():
    # y.unsqueeze_(0), y.t_(): y becomes its view; the tape's replays (the differences, real PyTorch) see it too
    a = run("""
        import torch
        x = torch.tensor([[1., 2., 3.]], requires_grad=True)
        y = x * 2
        y.unsqueeze_(0)
        z = x + 1
        z.t_()
        out = (y * y).sum() + (z * z * z).sum()
        out.backward()
    """)
    assert a.match and a.differences["match"]
    assert a.witnesses["differences"]["state"] == "agree"
    assert np.allclose(a.differences["jacobian"]["x"], a.jacobian["x"], rtol=1e-4)

def test_a_node_hook_is_left_out_of_the_jacobian_as_tensor_hooks_are():
    # the hook doubles what the node sends; J is the mathematical one, and the trace shows the hook
    a = run("""
        import torch
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = x.exp()
        y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: (grad_inputs[0] * 2,))
        out = y.sum()
        out.backward()
        """, pytorch="off")
    assert a.match and np.allclose(np.asarray(a.backward["x"], dtype=float), np.exp([1.0, 2.0]))


# the custom Function of PyTorch's polynomial tutorial (also used by test_pytorch_witness)
LEGENDRE_P3 = """import math
import torch


class P3(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return 0.5 * (5 * t ** 3 - 3 * t)

    @staticmethod
    def backward(ctx, g):
        t, = ctx.saved_tensors
        return g * 1.5 * (5 * t ** 2 - 1)

"""


def test_an_entry_near_zero_beside_large_ones_is_judged_by_float32_precision():
    # PyTorch's polynomial tutorial: d(loss)/dc sums 2,000 terms that cancel to about 0, beside a
    # d(loss)/dd of 6,800; float32 leaves 2.5e-5 in the first, which is not a disagreement
    a = analyze(LEGENDRE_P3 + textwrap.dedent("""
        x = torch.linspace(-math.pi, math.pi, 2000)
        y = torch.sin(x)
        a = torch.full((), 0.0, requires_grad=True)
        b = torch.full((), -1.0, requires_grad=True)
        c = torch.full((), 0.0, requires_grad=True)
        d = torch.full((), 0.3, requires_grad=True)
        loss = (a + b * P3.apply(c + d * x) - y).pow(2).sum()
        loss.backward()
        """), pytorch="off")
    # c's gradient is about 0 and float32 gives 2.5e-5: past the plain tolerance (1e-5 + 1e-4 |x|)
    assert abs(float(a.backward["c"]) - float(a.vjp["c"])) > 1e-5 and abs(float(a.vjp["d"])) > 1000
    assert a.match
