# Source: PyTorch documentation, torch.nn.Flatten and torch.nn.Unflatten (https://pytorch.org/docs/stable/generated/torch.nn.Flatten.html and the Unflatten page)
# File: pytorch/pytorch torch/nn/modules/flatten.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of Flatten, Unflatten concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
input = torch.randn(32, 1, 5, 5)
m = nn.Flatten()
output = m(input)
output.size()
m = nn.Flatten(0, 2)
output = m(input)
output.size()
input = torch.randn(2, 50)
m = nn.Sequential(
    nn.Linear(50, 50),
    nn.Unflatten(1, (2, 5, 5))
)
output = m(input)
output.size()
m = nn.Sequential(
    nn.Linear(50, 50),
    nn.Unflatten(1, torch.Size([2, 5, 5]))
)
output = m(input)
output.size()
