# A custom backward's errors as PyTorch raises them: a second backward through freed
# saved tensors, a saved tensor changed in place, save_for_backward of a non-tensor,
# an extra gradient for a non-tensor input, a keyword argument to apply.
import torch
from torch.autograd import Function


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


class MyExp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([1., 2.], requires_grad=True)
y = MyExp.apply(x)
y.sum().backward()
err(lambda: y.sum().backward())
print(x.grad)


class SaveNum(Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a, 3)
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g


err(lambda: SaveNum.apply(x))


class SaveIn(Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * 2

    @staticmethod
    def backward(ctx, g):
        a, = ctx.saved_tensors
        return g * a


z = x * 1
w = SaveIn.apply(z)
z.add_(1)
err(lambda: w.sum().backward())


class Two(Function):
    @staticmethod
    def forward(ctx, a, k):
        return a * k

    @staticmethod
    def backward(ctx, g):
        return g, g


err(lambda: Two.apply(x, 2.0).sum().backward())
err(lambda: MyExp.apply(input=x))


class Dt(Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g.double()


x.grad = None
Dt.apply(x).sum().backward()
print(x.grad, x.grad.dtype)


class Sq(Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * a

    @staticmethod
    def backward(ctx, g):
        a, = ctx.saved_tensors
        print("backward under create_graph, grad enabled:", torch.is_grad_enabled())
        return 2 * a * g


x.grad = None
s = Sq.apply(x).sum()
g, = torch.autograd.grad(s, x, create_graph=True)
print(g)
g.sum().backward()
print(x.grad)
