# desc: 0-dim tensors: tensor(3.5000), requires_grad, grad_fn in repr, int and bool 0-dim; shape torch.Size([])
# features: print, 0-dim, requires_grad, grad_fn
import torch
x = torch.tensor(3.5)
y = torch.tensor(2., requires_grad=True)
z = y * 3
print(x, x.shape, x.dim())
print(y)
print(z)
print(torch.tensor(3), torch.tensor(False), torch.tensor(1e-7), torch.tensor(12345.678))
