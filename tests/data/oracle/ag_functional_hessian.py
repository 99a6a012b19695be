# desc: torch.autograd.functional.hessian of f(x)=sum(x**3)+x0*x1 at [1,2] -> [[6,1],[1,12]]
# features: functional.hessian, second-derivative
import torch
def f(x):
    return (x ** 3).sum() + x[0] * x[1]
x = torch.tensor([1., 2.])
H = torch.autograd.functional.hessian(f, x)
print(H, H.shape)
