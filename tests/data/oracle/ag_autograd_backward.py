# desc: torch.autograd.backward(out, grad_tensors=v) and torch.autograd.backward on a list of two scalar roots (implicit ones) accumulate into x.grad
# features: autograd.backward, grad_tensors, multiple-roots, accumulation
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = x * x
v = torch.tensor([1., 0., 2.])
torch.autograd.backward(out, grad_tensors=v)
print(x.grad)
torch.autograd.backward([(x * 2).sum(), (x ** 2).sum()])
print(x.grad)
