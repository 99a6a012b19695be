"""A model's parameters are the leaves of the analysis, named by their path in the model."""
from __future__ import annotations

import numpy as np

from core.analysis import analyze

LINEAR = """
import torch

class LinearModel(torch.nn.Module):
    def __init__(self):
        super(LinearModel, self).__init__()
        self.linear = torch.nn.Linear(1, 1)

    def forward(self, x):
        return self.linear(x)

torch.manual_seed(0)
x = torch.tensor([[1.0], [2.0], [3.0]])
y = torch.tensor([[2.0], [4.0], [6.0]])
model = LinearModel()
loss = torch.nn.MSELoss(reduction='sum')(model(x), y)
loss.backward()
"""


def test_the_parameters_of_a_program_model_are_leaves_and_every_witness_agrees():
    a = analyze(LINEAR, pytorch="off")
    assert a.leaves == ["model.linear.weight", "model.linear.bias"]
    assert a.match
    # nn.init filled the weight under no_grad after it was made: the differences nudge the filled value
    assert a.differences is not None and a.differences["match"], a.differences
    w = a.backward["model.linear.weight"]
    assert np.allclose(np.asarray(w, dtype=float), np.asarray(a.jacobian["model.linear.weight"], dtype=float).reshape(np.shape(w)), rtol=1e-5)


def test_a_model_too_large_for_symbols_is_checked_by_the_numeric_witnesses():
    # a 30,000-element weight: past the shadow's elements per tensor, so no symbolic J; the parameters
    # are still the leaves, and the verdict rests on float64 differences against the engine
    src = LINEAR.replace("torch.nn.Linear(1, 1)", "torch.nn.Linear(1, 1)\n        self.big = torch.nn.Linear(200, 150)")
    src = src.replace("return self.linear(x)", "return self.linear(x) + self.big(x.repeat(1, 200)).sum(1, keepdim=True)")
    a = analyze(src, pytorch="off")
    assert a.leaves == ["model.linear.weight", "model.linear.bias", "model.big.weight", "model.big.bias"]
    assert a.jacobian == {} and a.verdict_basis == "numeric" and a.match is True
    assert any("a leaf has 30,000 elements" in str(n) for n in a.notes), a.notes
    assert np.shape(a.backward["model.big.weight"]) == (150, 200)
    spot = a.spot_differences
    assert spot["complete"] and spot["match"] and len(spot["directions"]) == 2
    assert {e["leaf"] for e in spot["entries"]} == set(a.leaves)
    for e in spot["entries"]:
        assert abs(e["difference"] - e["backward"]) <= 1e-3 * max(1.0, abs(e["backward"]))
    j = a.to_json()
    assert j["verdict_basis"] == "numeric" and j["match"] is True and j["jacobian"] == {}


WRONG_BACKWARD = """
import torch

class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 3          # the forward doubles: this backward is wrong

x = torch.linspace(0, 1, 30000, requires_grad=True)
loss = Double.apply(x).sum()
loss.backward()
"""


def test_the_numeric_witnesses_catch_a_wrong_backward_when_there_are_no_symbols():
    a = analyze(WRONG_BACKWARD, pytorch="off")
    assert a.jacobian == {} and a.verdict_basis == "numeric"
    assert a.match is False
    assert not any(e["match"] for e in a.spot_differences["entries"])
    assert abs(a.spot_differences["entries"][0]["difference"] - 2.0) < 1e-6


def test_the_symbolic_budget_in_time_falls_back_to_the_numeric_witnesses(monkeypatch):
    from core.analysis import symbolic_j
    from core.symbolic import shadow
    monkeypatch.setattr(shadow, "MAX_SECONDS", -1.0)      # the first op with symbols already passes it
    a = analyze(LINEAR, pytorch="off")
    assert a.verdict_basis == "numeric" and a.jacobian == {} and a.match is True
    assert any("building the forward's expressions took over" in str(n) for n in a.notes), a.notes
    monkeypatch.setattr(shadow, "MAX_SECONDS", 3.0)
    monkeypatch.setattr(symbolic_j, "MAX_SECONDS", -1.0)  # the derivatives pass their deadline at once
    a = analyze(LINEAR, pytorch="off")
    assert a.verdict_basis == "numeric" and a.match is True
    assert any("differentiating took over" in str(n) and "0 of 2 rows" in str(n) for n in a.notes), a.notes
    # small leaves: the full central differences, set beside the engine's one-hot rows
    assert a.differences["match"] and a.spot_differences is None


def test_a_forward_of_more_operations_than_the_symbols_follow_is_checked_numerically(monkeypatch):
    from core.symbolic import shadow
    monkeypatch.setattr(shadow, "MAX_OPS", 3)
    a = analyze("import torch\nx = torch.tensor([0.5, 0.25], requires_grad=True)\ny = x\n"
                "for i in range(5):\n    y = torch.sin(y)\ny.sum().backward()\n", pytorch="off")
    assert a.verdict_basis == "numeric" and a.match is True and a.jacobian == {}
    assert any("over 3 operations" in str(n) for n in a.notes), a.notes
    assert a.differences["match"]      # two elements: a column of differences each, beside the engine's rows
