# desc: integer and negative-integer indexing x[1], x[-1], x[0, -1]: SelectBackward0; gradients scatter back
# features: indexing, negative-index, select, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
a = x[1]
b = x[-1]
c = x[0, -1]
print(a, b, c, a.grad_fn.name(), c.grad_fn.name(), c.shape)
out = a + b * 2 + c
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(out, out.grad_fn.name(), x.grad)
