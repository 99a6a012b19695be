# desc: reversed subtraction 2 - x -> RsubBackward1, gradient -1
# features: rsub, reversed-operand, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = 2 - x
print(out, out.grad_fn.name())
v = torch.tensor([1., 2., 3.])
out.backward(v)
print(x.grad)
