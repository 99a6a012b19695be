# Source: PyTorch documentation, torch.nn.Module.to (https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.to)
# File: pytorch/pytorch torch/nn/modules/module.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the method's example; its CUDA lines (the ones under '# xdoctest: +REQUIRES(env:TORCH_DOCTEST_CUDA1)' that use cuda:1) dropped; the doctest prompts (>>> / ...), the directives and the shown outputs removed; the page's assumed imports added (import torch; from torch import nn)
import torch
from torch import nn
linear = nn.Linear(2, 2)
linear.weight
linear.to(torch.double)
linear.weight
cpu = torch.device("cpu")
linear.to(cpu)
linear.weight
linear = nn.Linear(2, 2, bias=None).to(torch.cdouble)
linear.weight
linear(torch.ones(3, 2, dtype=torch.cdouble))
