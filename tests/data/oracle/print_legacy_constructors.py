# desc: torch.FloatTensor/DoubleTensor/Tensor from lists (values, dtype) and from sizes (only shape/dtype printed: uninitialised)
# features: FloatTensor, DoubleTensor, Tensor, legacy-constructor, shape, dtype
import torch
a = torch.FloatTensor([1, 2, 3])
b = torch.DoubleTensor([[1, 2], [3, 4]])
c = torch.Tensor([1, 2])
print(a, a.dtype)
print(b, b.dtype)
print(c, c.dtype, c.requires_grad)
print(torch.FloatTensor(2, 3).shape, torch.DoubleTensor(4).dtype)
print(torch.Tensor(2, 2).shape, torch.Tensor(3).dtype, torch.Tensor().shape)
print(torch.FloatTensor(torch.Size([2, 1])).shape, torch.Tensor([[1], [2]]).shape)
