# Source: PyTorch documentation, torch.nn.Embedding (https://pytorch.org/docs/stable/generated/torch.nn.Embedding.html)
# File: pytorch/pytorch torch/nn/modules/sparse.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of Embedding concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
embedding = nn.Embedding(10, 3)
input = torch.LongTensor([[1, 2, 4, 5], [4, 3, 2, 9]])
embedding(input)
embedding = nn.Embedding(10, 3, padding_idx=0)
input = torch.LongTensor([[0, 2, 0, 5]])
embedding(input)
padding_idx = 0
embedding = nn.Embedding(3, 3, padding_idx=padding_idx)
embedding.weight
with torch.no_grad():
    embedding.weight[padding_idx] = torch.ones(3)
embedding.weight
