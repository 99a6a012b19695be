"""A model's parameters are the leaves of the analysis, named by their path in the model."""
from __future__ import annotations

import numpy as np

from core.analysis import analyze
from core.analysis import runs

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


def test_a_model_too_large_for_the_analysis_says_so_and_keeps_the_tensors_that_are_leaves():
    src = LINEAR.replace("torch.nn.Linear(1, 1)", "torch.nn.Linear(1, 1)\n        self.big = torch.nn.Linear(100, 50)")
    src = src.replace("x = torch.tensor", "w = torch.ones(1, requires_grad=True)\nx = torch.tensor")
    src = src.replace("loss = torch.nn.MSELoss(reduction='sum')(model(x), y)", "loss = ((model(x) - y) ** 2).sum() * w.sum()")
    a = analyze(src, pytorch="off")
    assert a.leaves == ["w"]
    assert any("5,052 parameters are not leaves" in str(n) for n in a.notes), a.notes
    assert runs.MAX_MODULE_PARAMETERS < 5052
