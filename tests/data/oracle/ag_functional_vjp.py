# desc: torch.autograd.functional.vjp(f, x, v) returns (f(x), v^T J) for f(x)=x**2*2
# features: functional.vjp
import torch
def f(x):
    return x ** 2 * 2
x = torch.tensor([1., 2., 3.])
w = torch.tensor([1., 0.5, -1.])
val, vjp = torch.autograd.functional.vjp(f, x, w)
print(val)
print(vjp)
