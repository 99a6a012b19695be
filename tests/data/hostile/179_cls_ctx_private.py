# expect: raised
# why: a custom Function's ctx lets a program set and read public names only (not _node, the graph node)
import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.k = 1
        print(ctx.k)
        setattr(ctx, "_node", 5)
        return x
F.apply(torch.ones(1, requires_grad=True))
