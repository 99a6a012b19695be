# desc: torch.nonzero / Tensor.nonzero (as_tuple too), argwhere and count_nonzero on masks and numbers: int64 indices, no grad_fn
# features: nonzero, indexing
import torch
c = torch.tensor([[1, 2], [3, 0], [4, 5]])
print(torch.nonzero(c > 2))
print(c.nonzero(as_tuple=True), torch.argwhere(c), torch.count_nonzero(c), torch.count_nonzero(c, dim=0))
x = torch.tensor([0.0, 1.5, 0.0, -2.0], requires_grad=True)
idx = x.nonzero()
print(idx, idx.dtype, idx.requires_grad, torch.nonzero(torch.tensor(5.)), torch.nonzero(torch.tensor(0.)).shape)
print(x[x.nonzero(as_tuple=True)])
