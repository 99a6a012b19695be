# Source: PyTorch documentation, torch.nn linear layers (https://pytorch.org/docs/stable/generated/torch.nn.Linear.html and the Identity, Bilinear pages)
# File: pytorch/pytorch torch/nn/modules/linear.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of Identity, Linear, Bilinear concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
m = nn.Identity(54, unused_argument1=0.1, unused_argument2=False)
input = torch.randn(128, 20)
output = m(input)
print(output.size())
m = nn.Linear(20, 30)
input = torch.randn(128, 20)
output = m(input)
print(output.size())
m = nn.Bilinear(20, 30, 40)
input1 = torch.randn(128, 20)
input2 = torch.randn(128, 30)
output = m(input1, input2)
print(output.size())
