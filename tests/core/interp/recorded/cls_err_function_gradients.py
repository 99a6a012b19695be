# desc: a custom Function whose backward returns two gradients for one input: PyTorch's incorrect-number-of-gradients error, in the backward call
# features: class, autograd.Function, RuntimeError, runtime-error
import torch


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2, g


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Double.apply(x)
print(y)
y.sum().backward()
