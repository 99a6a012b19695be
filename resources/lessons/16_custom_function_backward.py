# A custom autograd.Function with a mistake in its backward:
# the derivative of x ** 3 is 3 * x ** 2, but this backward returns 3 * x.
# PyTorch runs it silently; Backprop Lens differentiates the forward and compares.
import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * 3 * x


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = Cube.apply(x).sum()
out.backward()
print(x.grad)
