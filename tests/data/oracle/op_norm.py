# desc: x.norm() (L2), norm(p=1) and norm(dim=1); out = x.norm(dim=1): gradient x/||x|| per row
# features: norm, dim, jacobian
import torch
x = torch.tensor([[3., 4.], [1., 0.]], requires_grad=True)
print(x.norm(), x.norm(p=1), x.norm().grad_fn.name())
out = x.norm(dim=1)
print(out, out.grad_fn.name())
v = torch.tensor([1., 2.])
out.backward(v)
print(x.grad)
