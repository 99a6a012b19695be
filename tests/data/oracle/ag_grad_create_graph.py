# desc: torch.autograd.grad(create_graph=True) gives a differentiable gradient 3x^2 (grad_fn shown); grad of its sum is 6x
# features: autograd.grad, create_graph, second-derivative, pow
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = (x ** 3).sum()
g, = torch.autograd.grad(out, x, create_graph=True)
print(g, g.requires_grad, g.grad_fn.name())
h, = torch.autograd.grad(g.sum(), x)
print(h, h.requires_grad, x.grad)
