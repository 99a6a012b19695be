# desc: x**4 at x=2: first, second and third derivatives via autograd.grad(create_graph=True): 32, 48, 48 and their grad_fn names
# features: create_graph, second-derivative, third-derivative, autograd.grad
import torch
x = torch.tensor(2., requires_grad=True)
out = x ** 4
g1, = torch.autograd.grad(out, x, create_graph=True)
g2, = torch.autograd.grad(g1, x, create_graph=True)
g3, = torch.autograd.grad(g2, x)
print(g1, g2, g3)
print(g1.grad_fn.name(), g2.grad_fn.name(), g3.requires_grad)
