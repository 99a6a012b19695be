# desc: tanh elementwise; gradient 1 - tanh^2
# features: tanh, jacobian
import torch
x = torch.tensor([-1., 0., 2.], requires_grad=True)
out = torch.tanh(x)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
