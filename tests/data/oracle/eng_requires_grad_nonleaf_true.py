# desc: a tensor computed from non-grad inputs is a leaf and requires_grad_(True) makes it trainable; requires_grad_(True) on a real non-leaf is a no-op
# features: requires_grad_, is_leaf, non-leaf, backward
import torch
a = torch.tensor([1., 2.])
y = a * 2
print(y.is_leaf, y.requires_grad, y.grad_fn)
y.requires_grad_(True)
print(y.is_leaf, y.requires_grad)
x = torch.tensor([1., 2.], requires_grad=True)
z = x * 3
z.requires_grad_(True)
print(z.is_leaf, z.requires_grad, z.grad_fn.name())
out = (y * z).sum()
out.backward()
print(y.grad, x.grad)
