# desc: torch.sigmoid and x.sigmoid(); gradient s(1-s)
# features: sigmoid, jacobian
import torch
x = torch.tensor([-2., 0., 3.], requires_grad=True)
out = torch.sigmoid(x)
print(out, out.grad_fn.name(), x.sigmoid().grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
