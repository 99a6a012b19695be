# desc: sum with dim and keepdim: shapes of sum(0), sum(1), sum(1, keepdim=True), sum((0,1)); out = x.sum(dim=1, keepdim=True)
# features: sum, dim, keepdim, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
print(x.sum(0), x.sum(1), x.sum((0, 1)))
print(x.sum(1, keepdim=True).shape, x.sum(-1).shape, x.sum(dim=0).grad_fn.name())
out = x.sum(dim=1, keepdim=True)
print(out, out.grad_fn.name())
v = torch.tensor([[1.], [2.]])
out.backward(v)
print(x.grad)
