"""The local derivative each backward step shows, derived from the op's symbolic rule.

Every differentiable op gets a formula or a sentence; the formulas agree with
the engine's vjp (smooth ops at a point, piecewise ones on every piece); the
min family shows min formulas; the trace carries them; nothing reads a
hand-written formula.
"""
from __future__ import annotations

import numpy as np
import pytest
import symengine as se

import core.torch  # noqa: F401  (registers every op)
from core.analysis import analyze
from core.ops.registry import REGISTRY, apply
from core.symbolic.derivative import derive, local_derivative, node_local
from core.tensor.tensor import Tensor
from tests.ops_table import ROWS, inputs

DIFFERENTIABLE = sorted(name for name, op in REGISTRY.items() if op.vjp is not None)
MINIMUM = ("import torch\n"
           "x = torch.tensor([1.0, 5.0], requires_grad=True)\n"
           "y = torch.tensor([3.0, 2.0], requires_grad=True)\n"
           "z = torch.minimum(x, y)\n"
           "out = z.sum()\n"
           "out.backward()\n")


def _node(name, arrays=None, params=None):
    """A real backward node of op ``name`` (inputs from the vjp table unless given)."""
    if arrays is None:
        arrays, params = inputs(name)
    leaves = [Tensor._make(np.array(a, dtype=np.float64)) for a in arrays]
    for t in leaves:
        t.requires_grad_(True)
    out = apply(REGISTRY[name], tuple(leaves), params or {})
    return out, leaves


def _engine_row(name, arrays, params, k=0):
    """The engine's gradient of output element ``k`` with respect to each input (one-hot backward)."""
    out, leaves = _node(name, arrays, params)
    onehot = np.zeros(out.shape)
    onehot.flat[k] = 1.0
    out.backward(Tensor._make(onehot))
    return [np.zeros(np.shape(a)) if t.grad is None else np.asarray(t.grad._data) for t, a in zip(leaves, arrays)]


def _value(expr, values: dict) -> float:
    if not isinstance(expr, se.Basic):
        return float(expr)
    return float(expr.xreplace({s: se.RealDouble(v) for s, v in values.items()}).n())


@pytest.mark.parametrize("name", DIFFERENTIABLE)
def test_every_differentiable_op_gets_a_formula_or_a_sentence(name):
    out, _ = _node(name)
    local = node_local(out.grad_fn)
    assert local.latex or local.notes, name
    assert not any(note.startswith("No short formula") for note in local.notes), (name, local.notes)
    assert not any(note.endswith("is not differentiable: no gradient flows through it.") for note in local.notes)


def test_every_op_has_a_row_in_the_table_used_here():
    assert set(DIFFERENTIABLE) <= set(ROWS)


def _smooth_elementwise():
    names = []
    for name in DIFFERENTIABLE:
        out, _ = _node(name)
        local = node_local(out.grad_fn)
        if (local.partials and all(not str(x).count("_") for x in local.symbols)
                and all(len(p.pieces) == 1 and p.pieces[0].condition is None for p in local.partials)):
            names.append(name)
    return names


SMOOTH_ELEMENTWISE = _smooth_elementwise()


def _one_piece_elements():
    """The ops that mix elements and get one formula per partial (not a sentence, not pieces)."""
    names = []
    for name in DIFFERENTIABLE:
        if name in SMOOTH_ELEMENTWISE:
            continue
        if REGISTRY[name].backward_note is not None:    # PyTorch's backward is not the derivative (below)
            continue
        local = node_local(_node(name)[0].grad_fn)
        if local.partials and all(len(p.pieces) == 1 for p in local.partials):
            names.append(name)
    return names


def test_a_node_whose_backward_is_not_its_derivative_says_so_beside_the_formula():
    """CtcLossBackward0 sends exp(log_probs) more than the derivative the formula writes out."""
    local = node_local(_node("ctc_loss")[0].grad_fn)
    assert local.notes and local.notes[0] == REGISTRY["ctc_loss"].backward_note
    assert local.latex and local.partials


ONE_PIECE_ELEMENTS = _one_piece_elements()


def test_the_smooth_elementwise_ops_are_the_expected_ones():
    for name in ("add", "mul", "div", "pow", "pow_tensor", "exp", "log", "sin", "tanh", "sigmoid", "sqrt"):
        assert name in SMOOTH_ELEMENTWISE
    for name in ("relu", "abs", "clamp", "maximum", "minimum", "where", "sum", "view"):
        assert name not in SMOOTH_ELEMENTWISE


@pytest.mark.parametrize("name", SMOOTH_ELEMENTWISE)
def test_a_smooth_formula_agrees_with_the_engine_at_a_point(name):
    params = ROWS[name][1]
    arity = len(ROWS[name][0])
    point = [0.7, 1.3, 0.4][:arity]
    if name == "clamp_tensor":
        point = [0.5, 0.2, 0.9]
    local = derive(REGISTRY[name], params, ((),) * arity)
    grads = _engine_row(name, [np.array(v) for v in point], params)
    values = dict(zip(local.symbols, point))
    for p in local.partials:
        i = local.symbols.index(p.wrt)
        assert _value(p.pieces[0].value, values) == pytest.approx(float(grads[i]), rel=1e-9, abs=1e-12), \
            (name, str(p.wrt), local.latex)


def test_the_element_formulas_cover_the_reductions_products_and_losses():
    for name in ("sum", "mean_dim", "prod", "var", "softmax", "log_softmax", "mm", "mv", "dot", "bmm", "mse_loss"):
        assert name in ONE_PIECE_ELEMENTS


@pytest.mark.parametrize("name", ONE_PIECE_ELEMENTS)
def test_an_element_formula_agrees_with_the_engine(name):
    """For the ops that mix elements, at the shapes the formula is written for: ∂y_1/∂x from the
    formula equals the engine's one-hot backward row for output element 1.  (Sentences and
    piecewise formulas are checked below.)"""
    local = node_local(_node(name)[0].grad_fn)
    arrays = [np.asarray(_distinct_values(np.shape(s), i)) for i, s in enumerate(local.symbols)]
    if name == "binary_cross_entropy":
        arrays = [a / (a.max() + 1) for a in arrays]
    params = ROWS[name][1]
    grads = _engine_row(name, arrays, params, local.element)
    values = {x: float(v) for s, a in zip(local.symbols, arrays) for x, v in zip(np.asarray(s).flat, a.flat)}
    for p in local.partials:
        i = next(k for k, s in enumerate(local.symbols) if p.wrt in set(np.asarray(s).flat))
        flat = list(np.asarray(local.symbols[i]).flat)
        expected = float(np.asarray(grads[i]).flat[flat.index(p.wrt)])
        assert _value(p.pieces[0].value, values) == pytest.approx(expected, rel=1e-9, abs=1e-12), (name, local.latex)


def _distinct_values(shape, offset):
    return (np.arange(int(np.prod(shape)), dtype=np.float64) * 0.3 + 0.4 + 0.1 * offset).reshape(shape)


@pytest.mark.parametrize("name", ["relu", "abs", "clamp", "clamp_min", "clamp_max", "maximum", "minimum",
                                  "clamp_tensor", "where"])
def test_every_piece_of_a_piecewise_formula_agrees_with_the_engine_there(name):
    """The pieces read left to right along a: the engine at a point of each region gives the piece's value."""
    op = REGISTRY[name]
    params = dict(ROWS[name][1])
    arity = len(ROWS[name][0])
    if name == "where":
        params = {"condition": np.array(True)}
    local = derive(op, params, ((),) * arity)
    others = [1.0, 2.0][:arity - 1]
    for p in local.partials:
        i = local.symbols.index(p.wrt)
        for piece in p.pieces:
            a = _a_in(piece.condition, params)
            if name == "where":
                params = {"condition": np.array(piece.condition == "c")}
            grads = _engine_row(name, [np.array(a)] + [np.array(v) for v in others], params)
            values = dict(zip(local.symbols, [a] + others))
            assert _value(piece.value, values) == pytest.approx(float(grads[i])), (name, piece.condition)


def _a_in(condition: str, params) -> float:
    """A value of a satisfying ``condition`` (the other inputs are b = 1, c = 2)."""
    names = {"b": 1.0, "c": 2.0}

    def num(text):
        text = text.strip()
        return names[text] if text in names else float(text)
    if condition in ("c", r"\lnot c"):
        return 0.5
    text = condition.replace(r"\le", "<").replace(r"\ge", ">")
    if ">" in text:
        return num(text.split(">")[1]) + 0.5
    parts = text.split("<")
    if len(parts) == 3:
        return (num(parts[0]) + num(parts[2])) / 2
    if len(parts) == 2:
        return num(parts[1]) - 0.5
    return num(text.split("=")[1])


def test_minimum_shows_the_min_formula_and_maximum_the_max_formula():
    minimum = local_derivative(REGISTRY["minimum"], {}, ((), ()))
    maximum = local_derivative(REGISTRY["maximum"], {}, ((), ()))
    assert r"\operatorname{minimum}" in minimum and r"\operatorname{maximum}" in maximum
    first = minimum.split(r"\end{cases}")[0]      # d/da
    assert r"1 & a < b" in first and r"\frac{1}{2} & a = b" in first and r"0 & a > b" in first
    first = maximum.split(r"\end{cases}")[0]
    assert r"0 & a < b" in first and r"1 & a > b" in first


@pytest.mark.parametrize("name, params", [("min_all", {}), ("amin", {"dim": (1,), "keepdim": False}),
                                          ("min_dim", {"dim": 1, "keepdim": False})])
def test_the_min_reductions_show_min_formulas(name, params):
    out, _ = _node(name, [np.array([[1.0, 2.0, 3.0], [6.0, 5.0, 4.0]])], params)
    local = node_local(out.grad_fn)
    assert r"\operatorname{min" in local.latex or r"\operatorname{amin" in local.latex
    assert r"1 & a_{11} < a_{12}" in local.latex or r"1 & a_{11} \le a_{12}" in local.latex, local.latex
    assert r"0 & a_{11} > a_{12}" in local.latex
    assert "max" not in local.latex


def test_structural_ops_carry_sentences():
    out, _ = _node("view", [np.zeros((2, 3))], {"shape": (3, 2)})
    local = node_local(out.grad_fn)
    assert local.latex is None and local.notes[0].startswith("ViewBackward0 only moves elements")
    out, _ = _node("expand", [np.zeros((1, 3))], {"shape": (2, 3)})
    assert "An input element used more than once gets the sum of its gradients." in node_local(out.grad_fn).notes
    out, _ = _node("select", [np.zeros((2, 3))], {"dim": 1, "index": 2})
    assert "An input element not used gets 0." in node_local(out.grad_fn).notes


def test_the_trace_carries_derived_formulas_and_sentences():
    src = (ROWS_DATA / "examples" / "seed_11_jacobian_index_assign.py").read_text()
    trace = analyze(src, pytorch="off").to_json()["trace"]
    by_fn = {}
    for step in trace:
        by_fn.setdefault(step["grad_fn"], step)
    assert by_fn["PowBackward0"]["local"].startswith(r"\frac{\partial\, a^{")
    assert by_fn["CopySlices"]["local_notes"][0].startswith("CopySlices: the gradient of the region written")
    assert by_fn["AccumulateGrad"]["local_notes"] and by_fn["AccumulateGrad"]["local"] is None
    assert by_fn["SelectBackward0"]["local_notes"][0].startswith("SelectBackward0 only moves elements")
    assert not any(r"\text{" in (step["local"] or "") for step in trace)


def test_the_minimum_step_of_a_program_shows_the_min_formula():
    trace = analyze(MINIMUM, pytorch="off").to_json()["trace"]
    step = next(s for s in trace if s["grad_fn"] == "MinimumBackward0")
    assert r"1 & a < b" in step["local"] and r"\operatorname{minimum}" in step["local"]


def test_derivations_are_cached_per_op_params_and_shapes():
    op = REGISTRY["clamp"]
    first = derive(op, {"min": 0.0, "max": 1.0}, ((3,),))
    assert derive(op, {"min": 0.0, "max": 1.0}, ((3,),)) is first
    assert derive(op, {"min": 0.0, "max": 2.0}, ((3,),)) is not first
    assert r"0 \le a \le 1" in first.latex


def test_nothing_reads_a_hand_written_formula():
    from core.ops.registry import OpDef
    assert "latex" not in OpDef.__dataclass_fields__


ROWS_DATA = __import__("pathlib").Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("name", ["max_all", "min_all", "amax", "amin", "max_dim", "min_dim"])
def test_every_piece_of_a_max_or_min_reduction_agrees_with_the_engine(name):
    """Written on two elements x and u: the engine at x < u, x = u and x > u gives each piece."""
    out, _ = _node(name)
    local = node_local(out.grad_fn)
    (p,) = local.partials
    flat = list(np.asarray(local.symbols[0]).flat)
    k = flat.index(p.wrt)
    for piece in p.pieces:
        text = piece.condition.replace(r"\le", "<").replace(r"\ge", ">")
        x = 1.0 if "<" not in text and ">" not in text else 0.5 if "<" in text else 1.5
        values = np.ones(len(flat))
        values[k] = x
        grads = _engine_row(name, [values.reshape(np.shape(local.symbols[0]))], ROWS[name][1])
        assert float(np.asarray(piece.value)) == pytest.approx(float(grads[0].flat[k])), (name, piece.condition)
