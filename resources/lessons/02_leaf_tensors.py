# Leaf tensors: x is made by you with requires_grad=True, so it is a leaf that
# collects a .grad. y is also a leaf but does not require grad: its grad stays None.
import torch
x = torch.tensor(3.0, requires_grad=True)
y = torch.tensor(4.0)
print(x.is_leaf, y.is_leaf, y.requires_grad)
z = torch.pow(x, 2)
print(z.is_leaf, z.grad_fn.name())
out = z + torch.pow(y, 2)
out.backward()
print(x.grad, y.grad)
