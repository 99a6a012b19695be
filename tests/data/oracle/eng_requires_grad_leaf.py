# desc: requires_grad_() on a leaf returns the same tensor, can be switched on/off/on; then backward works
# features: requires_grad_, is_leaf, leaf, backward
import torch
x = torch.tensor([1., 2.])
print(x.requires_grad, x.is_leaf)
r = x.requires_grad_()
print(r is x, x.requires_grad, x.is_leaf, x.grad_fn)
x.requires_grad_(False)
print(x.requires_grad)
x.requires_grad_(True)
out = (x ** 2).sum()
out.backward()
print(x.grad, out.grad_fn.name())
