# desc: torch.autograd.grad(out, x, grad_outputs=v) returns a tuple and does not touch x.grad
# features: autograd.grad, grad_outputs, exp, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = x.exp() * 2
v = torch.tensor([1., 0.5, 0.])
gs = torch.autograd.grad(out, x, grad_outputs=v)
print(type(gs).__name__, len(gs))
print(gs[0], x.grad)
