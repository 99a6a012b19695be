# desc: amin over all dims and amin(dim=0, keepdim=True) with ties; gradient split evenly
# features: amin, dim, keepdim, ties, jacobian
import torch
x = torch.tensor([[1., 2.], [1., 0.]], requires_grad=True)
print(x.amin(), x.amin(dim=(0, 1)))
out = x.amin(dim=0, keepdim=True)
print(out, out.grad_fn.name())
v = torch.tensor([[1., 1.]])
out.backward(v)
print(x.grad)
