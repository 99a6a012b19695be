# Source: PyTorch documentation, torch.nn.LayerNorm and torch.nn.GroupNorm (https://pytorch.org/docs/stable/generated/torch.nn.LayerNorm.html and the GroupNorm page)
# File: pytorch/pytorch torch/nn/modules/normalization.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of LayerNorm, GroupNorm concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
batch, sentence_length, embedding_dim = 20, 5, 10
embedding = torch.randn(batch, sentence_length, embedding_dim)
layer_norm = nn.LayerNorm(embedding_dim)
layer_norm(embedding)
N, C, H, W = 20, 5, 10, 10
input = torch.randn(N, C, H, W)
layer_norm = nn.LayerNorm([C, H, W])
output = layer_norm(input)
input = torch.randn(20, 6, 10, 10)
m = nn.GroupNorm(3, 6)
m = nn.GroupNorm(6, 6)
m = nn.GroupNorm(1, 6)
output = m(input)
