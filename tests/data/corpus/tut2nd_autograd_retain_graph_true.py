# Source: TingsongYu/PyTorch-Tutorial-2nd (https://github.com/TingsongYu/PyTorch-Tutorial-2nd)
# File: code/chapter-2/06_autograd.ipynb
# Changes: notebook code cells concatenated. only code cells 0 (0-based) kept
# Note: the notebook is a series of independent demos, each starting with its own 'import torch'; this is one of them
#####  retain_graph=True
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
