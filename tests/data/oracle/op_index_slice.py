# desc: slicing x[:, 1:] and x[::2] with step: SliceBackward0; gradient zero outside the slice
# features: indexing, slice, step, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]], requires_grad=True)
a = x[:, 1:]
b = x[::2]
print(a, b.shape, a.grad_fn.name(), b.grad_fn.name())
out = x[::2, 1:]
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2.], [3., 4.]])
out.backward(v)
print(x.grad)
