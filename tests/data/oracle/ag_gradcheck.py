# desc: torch.autograd.gradcheck: a lambda, a torch function, two inputs, a custom Function with a wrong backward (False, then GradcheckError with both Jacobians), a float32 input (the warning), no input requiring grad (ValueError)
# features: gradcheck, custom-function, error, warning
import torch
from torch.autograd import gradcheck
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x
x = torch.tensor([1., 2.], dtype=torch.double, requires_grad=True)
w = torch.tensor([[1., 2., 3.], [0.5, -1., 2.]], dtype=torch.double, requires_grad=True)
print(gradcheck(lambda t: t.sin(), (x,)))
print(gradcheck(torch.sin, x))
print(gradcheck(lambda a, b: a @ b, (x, w)))
print(gradcheck(Bad.apply, (x,), raise_exception=False))
xf = torch.tensor([1., 2.], requires_grad=True)
print(gradcheck(torch.sin, (xf,), eps=1e-3, atol=1e-2))
try:
    gradcheck(torch.sin, (torch.tensor([1., 2.], dtype=torch.double),))
except ValueError as e:
    print(e)
print(x, w.grad, x.grad)
gradcheck(Bad.apply, (x,))
