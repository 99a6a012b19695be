# desc: torch.autograd.functional.jvp(f, x, u) returns (f(x), J u) for f(x)=x.sin()*x
# features: functional.jvp, sin
import torch
def f(x):
    return x.sin() * x
x = torch.tensor([0., 1., 2.])
u = torch.tensor([1., 1., 0.5])
val, jvp = torch.autograd.functional.jvp(f, x, u)
print(val)
print(jvp)
