# Source: LucianTu13/PyTorch-learning-codes, a learner's practice code after 《PyTorch实用教程》第二版 (https://github.com/LucianTu13/PyTorch-learning-codes)
# File: Chapter2_Core_Modules/auto_grad/torch_autograd_grad.py (commit 2fa252dd5f3c9d5366ae740d15b54f9d2f0f4c8c)
# License: none stated
# Changes: nothing dropped
import torch
x = torch.tensor([3.], requires_grad=True)
y = torch.pow(x, 2)     # y = x**2

# 一阶导数
grad_1 = torch.autograd.grad(y, x, create_graph=True)   # grad_1 = dy/dx = 2x = 2 * 3 = 6
print(grad_1)

# 二阶导数
grad_2 = torch.autograd.grad(grad_1[0], x)              # grad_2 = d(dy/dx)/dx = d(2x)/dx = 2
print(grad_2)
