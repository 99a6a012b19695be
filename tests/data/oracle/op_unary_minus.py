# desc: unary minus -x and torch.neg(x): NegBackward0, gradient -1
# features: neg, unary-minus, jacobian
import torch
x = torch.tensor([1., -2., 0.], requires_grad=True)
y = -x
print(y, y.grad_fn.name())
out = torch.neg(y * 3) + (-x)
print(out, out.grad_fn.name())
v = torch.tensor([1., 2., 3.])
out.backward(v)
print(x.grad)
