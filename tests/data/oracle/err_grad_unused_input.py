# desc: torch.autograd.grad w.r.t. an input that is not part of the graph, without allow_unused -> RuntimeError
# features: autograd.grad, allow_unused, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)
out = (x * 2).sum()
gx, gy = torch.autograd.grad(out, [x, y])
print(gx, gy)
