# Source: PyTorch documentation, torch.nn dropout layers (https://pytorch.org/docs/stable/generated/torch.nn.Dropout.html and the Dropout1d, Dropout2d, AlphaDropout pages)
# File: pytorch/pytorch torch/nn/modules/dropout.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of Dropout, Dropout1d, Dropout2d, AlphaDropout concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
m = nn.Dropout(p=0.2)
input = torch.randn(20, 16)
output = m(input)
m = nn.Dropout1d(p=0.2)
input = torch.randn(20, 16, 32)
output = m(input)
m = nn.Dropout2d(p=0.2)
input = torch.randn(20, 16, 32, 32)
output = m(input)
m = nn.AlphaDropout(p=0.2)
input = torch.randn(20, 16)
output = m(input)
