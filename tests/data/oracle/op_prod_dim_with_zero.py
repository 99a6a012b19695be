# desc: prod(dim=1) where one row contains a single zero: gradient at the zero is the product of the others
# features: prod, dim, zero-input, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 0., 5.]], requires_grad=True)
out = x.prod(dim=1)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1.])
out.backward(v)
print(x.grad)
