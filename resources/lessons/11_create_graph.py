# create_graph=True records the backward itself, so x.grad = 3x^2 has a
# grad_fn and can be differentiated again: d2/dx2 x^3 = 6x.
import torch
x = torch.tensor(2.0, requires_grad=True)
out = x ** 3
out.backward(create_graph=True)
print(x.grad)
g = x.grad
g2, = torch.autograd.grad(g, x)
print(g2)
