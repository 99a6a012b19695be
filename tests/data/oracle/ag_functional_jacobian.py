# desc: torch.autograd.functional.jacobian of f(x)=x**2+x.sum() (3x3) and of g(a,b)=a*b for a tuple of inputs (tuple of 2x2 diagonal Jacobians)
# features: functional.jacobian, tuple-inputs
import torch
def f(x):
    return x ** 2 + x.sum()
def g(a, b):
    return a * b
x = torch.tensor([1., 2., 3.])
J = torch.autograd.functional.jacobian(f, x)
print(J)
Js = torch.autograd.functional.jacobian(g, (torch.tensor([1., 2.]), torch.tensor([3., 4.])))
print(type(Js).__name__, Js)
print(J.requires_grad, x.requires_grad)
