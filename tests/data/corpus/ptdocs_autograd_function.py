# Source: PyTorch documentation, torch.autograd.Function and its ctx methods (save_for_backward, mark_dirty, mark_non_differentiable, set_materialize_grads) (https://pytorch.org/docs/stable/autograd.html#function)
# File: pytorch/pytorch torch/autograd/function.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of FunctionCtx.save_for_backward, mark_dirty, mark_non_differentiable, set_materialize_grads and Function concatenated in the order of the file; the lines the docs mark '# xdoctest: +SKIP' dropped (mark_dirty's b.backward(), Function's Exp.apply(input)) and save_for_forward's example, skipped whole (it needs forward-mode AD); the doctest prompts (>>> / ...), the directives and the shown outputs removed; the page's assumed imports added (import torch; Function and once_differentiable)
import torch
from torch.autograd import Function
from torch.autograd.function import once_differentiable
class Func(Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, y: torch.Tensor, z: int):
        w = x * z
        out = x * y + y * z + w * y
        ctx.save_for_backward(x, y, w, out)
        ctx.z = z  # z is not a tensor
        return out

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        x, y, w, out = ctx.saved_tensors
        z = ctx.z
        gx = grad_out * (y + y * z)
        gy = grad_out * (x + z + w)
        gz = None
        return gx, gy, gz

a = torch.tensor(1., requires_grad=True, dtype=torch.double)
b = torch.tensor(2., requires_grad=True, dtype=torch.double)
c = 4
d = Func.apply(a, b, c)
class Inplace(Function):
    @staticmethod
    def forward(ctx, x):
        x_npy = x.numpy() # x_npy shares storage with x
        x_npy += 1
        ctx.mark_dirty(x)
        return x

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        return grad_output

a = torch.tensor(1., requires_grad=True, dtype=torch.double).clone()
b = a * a
Inplace.apply(a)  # This would lead to wrong gradients!
                  # but the engine would not know unless we mark_dirty
class Func(Function):
    @staticmethod
    def forward(ctx, x):
        sorted, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(x, idx)
        return sorted, idx

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):  # still need to accept g2
        x, idx = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        grad_input.index_add_(0, idx, g1)
        return grad_input
class SimpleFunc(Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone(), x.clone()

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):
        return g1 + g2  # No check for None necessary

# We modify SimpleFunc to handle non-materialized grad outputs
class Func(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return x.clone(), x.clone()

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):
        x, = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        if g1 is not None:  # We must check for None now
            grad_input += g1
        if g2 is not None:
            grad_input += g2
        return grad_input

a = torch.tensor(1., requires_grad=True)
b, _ = Func.apply(a)  # induces g2 to be undefined
class Exp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result

# Use it by calling the apply method:
