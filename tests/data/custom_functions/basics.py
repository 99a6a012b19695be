# A custom autograd.Function: grad_fn naming and printing, the backward called with
# grad mode off, needs_input_grad, saved tensors, ctx attributes, PyTorch's checks of
# the gradients a backward returns (count, shape, type, None for a non-tensor input).
import torch
from torch.autograd import Function
class MyExp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        print("in forward grad enabled:", torch.is_grad_enabled(), result.requires_grad, result.grad_fn)
        return result
    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        print("in backward grad enabled:", torch.is_grad_enabled(), ctx.needs_input_grad)
        return grad_output * result
x = torch.tensor([1., 2.], requires_grad=True)
y = MyExp.apply(x)
print(y, y.grad_fn, type(y.grad_fn).__name__, y.grad_fn.name(), y.is_leaf, y.requires_grad)
print(y.grad_fn.next_functions)
y.sum().backward()
print(x.grad)
def err(f):
    try: f()
    except Exception as e: print(type(e).__name__+":", e)
class Two(Function):
    @staticmethod
    def forward(ctx, a, k): return a * k
    @staticmethod
    def backward(ctx, g): return g
err(lambda: Two.apply(x, 2.0).sum().backward())
class Shape(Function):
    @staticmethod
    def forward(ctx, a): return a * 2
    @staticmethod
    def backward(ctx, g): return torch.ones(3)
err(lambda: Shape.apply(x).sum().backward())
class NonT(Function):
    @staticmethod
    def forward(ctx, a): return a * 2
    @staticmethod
    def backward(ctx, g): return 1.0
err(lambda: NonT.apply(x).sum().backward())
class NoneG(Function):
    @staticmethod
    def forward(ctx, a, k): return a * k
    @staticmethod
    def backward(ctx, g): return g * 2, None
z = NoneG.apply(x, 3.0); z.sum().backward(); print(x.grad, z)
class RetNum(Function):
    @staticmethod
    def forward(ctx, a): return 3.0
    @staticmethod
    def backward(ctx, g): return g
err(lambda: print(RetNum.apply(x)))
w = torch.tensor([1., 2.])
print("no grad input:", MyExp.apply(w))
with torch.no_grad():
    print("under no_grad:", MyExp.apply(x))
class Same(Function):
    @staticmethod
    def forward(ctx, a): return a
    @staticmethod
    def backward(ctx, g): return g
s = Same.apply(x)
print("same", s, s is x, s.grad_fn)
class Attr(Function):
    @staticmethod
    def forward(ctx, a, k):
        ctx.k = k
        return a * k
    @staticmethod
    def backward(ctx, g): return g * ctx.k, None
t = Attr.apply(x, 5.0); t.sum().backward(); print(x.grad)
