# desc: sin, cos, tan and their sum; gradient cos - sin + 1/cos^2
# features: sin, cos, tan, jacobian
import torch
x = torch.tensor([0., 0.5, 1.], requires_grad=True)
s = x.sin()
c = torch.cos(x)
t = x.tan()
print(s.grad_fn.name(), c.grad_fn.name(), t.grad_fn.name())
out = s + c + t
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(out, out.grad_fn.name(), x.grad)
