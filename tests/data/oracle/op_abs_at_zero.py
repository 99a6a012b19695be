# desc: abs with a 0 element: gradient sign(x) = 0 at zero
# features: abs, zero-input, subgradient, jacobian
import torch
x = torch.tensor([-2., 0., 3.], requires_grad=True)
out = torch.abs(x)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
