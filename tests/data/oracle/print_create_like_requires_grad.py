# desc: ones_like/zeros_like/full_like of a tensor requiring grad do not require grad (unless asked); the *_like copies dtype
# features: ones_like, zeros_like, full_like, requires_grad, dtype
import torch
x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
a = torch.ones_like(x)
b = torch.zeros_like(x, requires_grad=True)
c = torch.full_like(x, 4)
print(a, a.requires_grad, a.is_leaf)
print(b, b.requires_grad, b.is_leaf)
print(c, c.dtype)
