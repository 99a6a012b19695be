# desc: Variable(t, requires_grad=True) returns a plain Tensor leaf; Variable(t) does not require grad; backward through mul
# features: Variable, requires_grad, is_leaf, mul, backward-with-gradient
import torch
from torch.autograd import Variable
x = Variable(torch.tensor([1., 2.]), requires_grad=True)
w = Variable(torch.tensor([3., 4.]))
print(type(x).__name__, type(w).__name__, x.requires_grad, w.requires_grad, x.is_leaf)
print(x)
out = x * w
print(out.grad_fn.name())
out.backward(torch.tensor([1., 1.]))
print(x.grad, w.grad)
