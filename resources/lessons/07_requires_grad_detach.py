# requires_grad_ switches a leaf on; detach() and torch.no_grad() make
# tensors the graph does not follow.
import torch
a = torch.tensor([1.0, 2.0, 3.0])
print(a.requires_grad, a.is_leaf)
a.requires_grad_()
b = a * 2
b.requires_grad_()
print(b.is_leaf, b.requires_grad)
c = b.detach()
with torch.no_grad():
    d = a * 10
print(c.requires_grad, d.requires_grad)
out = (a * a).sum() + (a * c).sum() + d.sum()
out.backward()
print(a.grad)
