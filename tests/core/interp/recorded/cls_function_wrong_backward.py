# desc: a custom Cube Function whose backward is wrong (3x instead of 3x^2): PyTorch runs it silently and x.grad is the wrong backward's
# features: class, autograd.Function, wrong-backward, apply
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
