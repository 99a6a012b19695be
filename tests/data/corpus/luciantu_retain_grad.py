# Source: LucianTu13/PyTorch-learning-codes, a learner's practice code after 《PyTorch实用教程》第二版 (https://github.com/LucianTu13/PyTorch-learning-codes)
# File: Chapter2_Core_Modules/auto_grad/retain_grad.py (commit 2fa252dd5f3c9d5366ae740d15b54f9d2f0f4c8c)
# License: none stated
# Changes: nothing dropped
import torch
w = torch.tensor([1.], requires_grad=True)
x = torch.tensor([2.], requires_grad=True)

a = torch.add(w, x)
b = torch.add(w, 1)
y = torch.mul(a, b)

y.backward(retain_graph=True)
print(w.grad)
y.backward()
print(w.grad)
