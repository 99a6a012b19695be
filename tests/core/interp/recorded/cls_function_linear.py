# desc: the PyTorch docs' LinearFunction (needs_input_grad, optional bias, three gradients) and MulConstant (a non-tensor argument, None gradient, ctx attribute)
# features: class, autograd.Function, needs_input_grad, ctx-attribute, None-gradient, apply, jacobian
import torch
from torch.autograd import Function


class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


class MulConstant(Function):
    @staticmethod
    def forward(ctx, tensor, constant):
        ctx.constant = constant
        return tensor * constant

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, None


inp = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
w = torch.tensor([[0.5, -1.0], [2.0, 1.0], [1.0, 0.0]], requires_grad=True)
bias = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
h = LinearFunction.apply(inp, w, bias)
print(h)
out = MulConstant.apply(h, 3.0)
print(out.grad_fn.name(), h.grad_fn.name())
out.sum().backward()
print(inp.grad, w.grad, bias.grad)
