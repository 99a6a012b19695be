# desc: the PyTorch docs' custom exp as a torch.autograd.Function: save_for_backward, saved_tensors, apply, MyExpBackward
# features: class, autograd.Function, staticmethod, save_for_backward, saved_tensors, apply, jacobian
import torch


class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([0.5, 1.0, -1.0], requires_grad=True)
out = MyExp.apply(x)
print(out)
print(out.grad_fn.name(), out.requires_grad, out.is_leaf)
out.backward(torch.tensor([1.0, 2.0, 3.0]))
print(x.grad)
