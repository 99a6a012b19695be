# desc: mean over all, over dim 0, and mean(dim=1, keepdim=True); gradient is v/n broadcast
# features: mean, dim, keepdim, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
print(x.mean(), x.mean(0), x.mean(dim=1, keepdim=True).shape, x.mean().grad_fn.name())
out = x.mean(dim=1, keepdim=True)
print(out, out.grad_fn.name())
v = torch.tensor([[3.], [6.]])
out.backward(v)
print(x.grad)
