# desc: 0-dim tensor s times a (2,2) matrix plus s: s.grad is the sum over all elements
# features: mul, add, broadcast-scalar, 0-dim, jacobian
import torch
s = torch.tensor(3., requires_grad=True)
m = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
out = s * m + s
print(out, out.grad_fn.name())
v = torch.tensor([[1., 1.], [1., 2.]])
out.backward(v)
print(s.grad, m.grad, s.grad.shape)
