# Source: Sebastian Raschka, STAT 453 Intro to Deep Learning, course code (https://github.com/rasbt/stat453-deep-learning-ss21)
# File: L06/code/pytorch-autograd.ipynb
# Commit: 2202699c5fd38af398e2682f289a0868b1b91f0e
# License: MIT
# Changes: notebook code cells concatenated in order; dropped lines (magics): %load_ext watermark, %watermark -a 'Sebastian Raschka' -v -p torch

import torch
from torch.autograd import grad
import torch.nn.functional as F

x = torch.tensor([3.])
w = torch.tensor([2.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)
a = F.relu(x*w + b)

a

grad(a, w, retain_graph=True)

grad(a, b)

x = torch.tensor([3.])
w = torch.tensor([2.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)

def my_relu(z):
    if z > 0.:
        return z
    else:
        z[:] = 0.
        return z

a = my_relu(x*w + b)
grad(a, w)

x = torch.tensor([-1.])
w = torch.tensor([1.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)

def my_relu(z):
    if z > 0.:
        return z
    else:
        z[:] = 0.
        return z

a = F.relu(x*w + b)
grad(a, w, retain_graph=False)
