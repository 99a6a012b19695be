# desc: reversed division 1 / x and 6 / x: both recorded as MulBackward0 (reciprocal times scalar); gradient -c/x^2
# features: rdiv, reciprocal, reversed-operand, jacobian
import torch
x = torch.tensor([1., 2., 4.], requires_grad=True)
r = 1 / x
print(r, r.grad_fn.name())
out = 6 / x
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
