# Source: ShusenTang/Dive-into-DL-PyTorch (https://github.com/ShusenTang/Dive-into-DL-PyTorch)
# File: code/chapter03_DL-basics/3.8_mlp.ipynb (commit 09c8bacc08599eb86236551454ba43b82cb91498)
# License: Apache-2.0
# Changes: notebook code cells concatenated. dropped code cells [1] (the plotting helper xyplot, whose body is only plotting). dropped lines: %matplotlib inline; import matplotlib.pylab as plt; sys.path.append(".."); import d2lzh_pytorch as d2l; xyplot(x, y, 'relu'); xyplot(x, x.grad, 'grad of relu'); xyplot(x, y, 'sigmoid'); xyplot(x, x.grad, 'grad of sigmoid'); xyplot(x, y, 'tanh'); xyplot(x, x.grad, 'grad of tanh')
# Note: the d2lzh_pytorch import block (sys.path.append(".."); import d2lzh_pytorch as d2l) dropped: the kept cells do not use the d2l package (it served only the plotting)
import torch
import numpy as np
import sys

print(torch.__version__)

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = x.relu()

y.sum().backward()

y = x.sigmoid()

x.grad.zero_()
y.sum().backward()

y = x.tanh()

x.grad.zero_()
y.sum().backward()
