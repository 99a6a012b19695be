# desc: unsqueeze(0), unsqueeze(-1), squeeze(), squeeze(dim) on size-1 dims; shapes and grad_fn names
# features: unsqueeze, squeeze, shape, jacobian
import torch
x = torch.tensor([[1.], [2.], [3.]], requires_grad=True)
a = x.squeeze()
b = x.squeeze(0)
c = a.unsqueeze(0)
print(a.shape, b.shape, c.shape, a.unsqueeze(-1).shape)
print(a.grad_fn.name(), b.grad_fn.name(), c.grad_fn.name())
out = c * 2
v = torch.tensor([[1., 2., 3.]])
out.backward(v)
print(out, out.grad_fn.name(), x.grad)
