# desc: torch.unique of a tensor that requires grad: the values carry Unique2Backward0 (UniqueDimBackward0 with dim), the inverse indices and counts no grad; backward through them is PyTorch's NotImplementedError
# features: unique, errors, backward
import torch
x = torch.tensor([3., 1., 2., 1.], requires_grad=True)
rows = torch.tensor([[1., 2.], [1., 2.], [0., 5.]], requires_grad=True)
values, inverse, counts = torch.unique(x, return_inverse=True, return_counts=True)
print(values, inverse, counts)
print(values.grad_fn.name(), values.requires_grad, inverse.requires_grad, counts.requires_grad)
r = rows.unique(dim=0)
print(r, r.grad_fn.name())
with torch.no_grad():
    print(torch.unique(x))
loss = (values * counts).sum()
print(loss)
loss.backward()
