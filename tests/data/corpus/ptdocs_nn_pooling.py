# Source: PyTorch documentation, torch.nn pooling layers (https://pytorch.org/docs/stable/generated/torch.nn.MaxPool2d.html and the MaxPool1d, AvgPool1d, AvgPool2d pages)
# File: pytorch/pytorch torch/nn/modules/pooling.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of MaxPool1d, MaxPool2d, AvgPool1d, AvgPool2d concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
m = nn.MaxPool1d(3, stride=2)
input = torch.randn(20, 16, 50)
output = m(input)
m = nn.MaxPool2d(3, stride=2)
m = nn.MaxPool2d((3, 2), stride=(2, 1))
input = torch.randn(20, 16, 50, 32)
output = m(input)
m = nn.AvgPool1d(3, stride=2)
m(torch.tensor([[[1., 2, 3, 4, 5, 6, 7]]]))
m = nn.AvgPool2d(3, stride=2)
m = nn.AvgPool2d((3, 2), stride=(2, 1))
input = torch.randn(20, 16, 50, 32)
output = m(input)
