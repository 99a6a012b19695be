# Source: PyTorch documentation, torch.nn.PairwiseDistance and torch.nn.CosineSimilarity (https://pytorch.org/docs/stable/generated/torch.nn.CosineSimilarity.html and the PairwiseDistance page)
# File: pytorch/pytorch torch/nn/modules/distance.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of PairwiseDistance, CosineSimilarity concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
pdist = nn.PairwiseDistance(p=2)
input1 = torch.randn(100, 128)
input2 = torch.randn(100, 128)
output = pdist(input1, input2)
input1 = torch.randn(100, 128)
input2 = torch.randn(100, 128)
cos = nn.CosineSimilarity(dim=1, eps=1e-6)
output = cos(input1, input2)
