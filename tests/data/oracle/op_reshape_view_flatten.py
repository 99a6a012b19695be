# desc: reshape / view / flatten of a contiguous (2,3) leaf: all three are ViewBackward0; gradient reshaped back
# features: reshape, view, flatten, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
a = x.reshape(3, 2)
b = a.view(-1)
c = x.flatten()
print(a.grad_fn.name(), b.grad_fn.name(), c.grad_fn.name(), x.view(6, 1).shape)
out = b * torch.arange(6.) + c
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1., 1., 1., 1.])
out.backward(v)
print(x.grad)
