# desc: type(x).__name__, type(x) == / is torch.Tensor, isinstance with type(x), hasattr/getattr/setattr on tensors, lists and functions, f.__name__
# features: type, isinstance, hasattr, getattr, setattr, __name__
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
print(type(x).__name__, type(y.grad_fn).__name__, type(x.shape).__name__, type(x.dtype).__name__)
print(type(x) == torch.Tensor, type(x) is torch.Tensor, isinstance(y, type(x)), isinstance(3, (int, float)))
print(type(3), type(2.5), type("s"), type([1]), type((1,)), type({}), type(None))
print(type(1) == int, type([]) is list, isinstance([1], list), isinstance({}, dict), issubclass(bool, int))
print(hasattr(x, "grad"), hasattr(x, "gard"), hasattr([], "append"), hasattr(x, "backward"))
print(getattr(x, "requires_grad"), getattr(x, "shape"), getattr(x, "nothing_here", "default"))
z = torch.zeros(2)
setattr(z, "requires_grad", True)
print(z.requires_grad, getattr(z, "is_leaf"))
y.sum().backward()
print(getattr(x, "grad"))
setattr(x, "grad", None)
print(x.grad)
def helper(t):
    return t + 1
print(helper.__name__, (lambda: 0).__name__, type(helper).__name__)
print(type(x).__name__ == "Tensor", str(type(1.0).__name__))
try:
    raise ValueError("bad")
except Exception as e:
    print(type(e).__name__, type(e) == ValueError, isinstance(e, ValueError))
print(getattr(x, "gard"))
