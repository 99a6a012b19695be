# desc: torch.cross without dim: the first dimension of size 3 of the first tensor (here dim 0 of a (3, 3) pair, not linalg.cross's last), with PyTorch's deprecation warning given once for the two calls; Tensor.cross with a dim; integer vectors
# features: cross, warnings
import torch
a = torch.tensor([[1., 2., 3.], [0., 1., 0.], [2., -1., 1.]], requires_grad=True)
b = torch.tensor([[0., 0., 1.], [1., 1., 1.], [3., 2., 1.]])
c = torch.cross(a, b)
print(c)
print(torch.linalg.cross(a, b))
print(a.cross(b, 1))
d = torch.cross(a, b)
out = (c * d).sum()
print(out)
print(torch.cross(torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6])))
