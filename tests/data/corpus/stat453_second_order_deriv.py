# Source: Sebastian Raschka, STAT 453 Intro to Deep Learning, course code (https://github.com/rasbt/stat453-deep-learning-ss20)
# File: L05-grad-descent/code/second-order-deriv.ipynb
# Commit: 61534929fe671b30e751733577d0c2b5d4898669
# License: MIT
# Changes: notebook code cells concatenated in order; dropped lines (magics): %load_ext watermark, %watermark -a 'Sebastian Raschka' -v -p torch

import torch
from torch.autograd import grad

x = torch.tensor([3.], requires_grad=True)
y  = torch.tensor([4.])

f = x**2 * y + y

grad(f, x) # 2xy = 24

x = torch.tensor([3.], requires_grad=True)
y  = torch.tensor([4.])

f = x**2 * y + y

df_dx = grad(f, x, create_graph=True) # first order deriv
grad(df_dx, x) # 2y = 8
