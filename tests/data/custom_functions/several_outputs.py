# A custom Function with several outputs: one node for all of them, zeros for an output
# no gradient reached (or None with set_materialize_grads(False)), an output marked
# non-differentiable, hooks and retain_grad on one output.
import torch
from torch.autograd import Function

x = torch.tensor([1., 2.], requires_grad=True)


class Multi(Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2, a * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("g1 g2", g1, g2)
        return g1 * 2 + g2 * 3


p, q = Multi.apply(x)
print(p, q, p.grad_fn is q.grad_fn, p.output_nr, q.output_nr)
p.sum().backward()
print(x.grad)
x.grad = None
p, q = Multi.apply(x)
q.register_hook(lambda g: print("hook on q", g))
q.retain_grad()
(p + q * 10).sum().backward()
print(x.grad, q.grad)


class ND(Function):
    @staticmethod
    def forward(ctx, a):
        idx = torch.tensor([0])
        ctx.mark_non_differentiable(idx)
        return a * 2, idx

    @staticmethod
    def backward(ctx, g, gi):
        print("gi", gi)
        return g * 2


r, i = ND.apply(x)
print(r, i, i.requires_grad, i.grad_fn)
r.sum().backward()


class NoMat(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.set_materialize_grads(False)
        return a * 2, b * 2

    @staticmethod
    def backward(ctx, g1, g2):
        print("not materialized", g1, g2)
        return g1, g2


a2, b2 = NoMat.apply(x, torch.tensor([1., 1.], requires_grad=True))
a2.sum().backward()
