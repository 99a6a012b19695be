# desc: reversed power 2 ** x -> grad 2^x ln 2; grad_fn name of the scalar-base pow
# features: pow, rpow, reversed-operand, jacobian
import torch
x = torch.tensor([0., 1., 3.], requires_grad=True)
out = 2 ** x
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
