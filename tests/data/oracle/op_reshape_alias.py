# desc: reshape of a non-contiguous tensor that can stay a view -> ReshapeAliasBackward0; one that cannot -> a copy (UnsafeViewBackward0); a contiguous one -> ViewBackward0
# features: reshape, view, jacobian
import torch
x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
a = x.permute(0, 2, 1).reshape(2, 4, 3)
b = x.permute(0, 2, 1).reshape(2, 12)
c = x.reshape(6, 4)
print(a.grad_fn.name(), b.grad_fn.name(), c.grad_fn.name())
out = (a * 2).sum() + (b * 3).sum() + c.sum()
out.backward()
print(x.grad)
