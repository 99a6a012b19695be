# desc: the PyTorch tutorial's LegendrePolynomial3 Function (from torch.autograd import Function), P3 = .apply, one loss step
# features: class, autograd.Function, staticmethod, apply, save_for_backward, jacobian
import torch
from torch.autograd import Function


class LegendrePolynomial3(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


a = torch.full((), 0.5, requires_grad=True)
b = torch.full((), -1.0, requires_grad=True)
x = torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0])
P3 = LegendrePolynomial3.apply
y_pred = a + b * P3(x)
out = (y_pred - x).pow(2).sum()
out.backward()
print(out.item(), a.grad, b.grad)
