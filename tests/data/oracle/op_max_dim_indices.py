# desc: x.max(dim=1) returns (values, indices) named tuple; with a tie in row 0 which index gets the gradient
# features: max, dim, indices, ties, namedtuple, jacobian
import torch
x = torch.tensor([[1., 4., 4.], [2., 0., 1.]], requires_grad=True)
r = x.max(dim=1)
print(type(r).__name__, r)
out, idx = r
print(out.grad_fn.name(), idx, idx.dtype)
v = torch.tensor([1., 10.])
out.backward(v)
print(x.grad)
