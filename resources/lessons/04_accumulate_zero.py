# Gradients add up: every backward adds into x.grad until you zero it.
import torch
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
out = (y * y * 3).mean()
out.backward(retain_graph=True)
print(x.grad)
out.backward(retain_graph=True)
print(x.grad)
x.grad.zero_()
print(x.grad)
out.backward()
print(x.grad)
