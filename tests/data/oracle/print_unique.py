# desc: torch.unique and Tensor.unique: sorted distinct values, return_inverse and return_counts (with dim=0 rows too), a 0-d input, bools; sorted=False still sorts on CPU
# features: printing, unique
import torch
print(torch.unique(torch.tensor([1, 2, 1, 2, 1, 2])))
print(torch.unique(torch.tensor([3., 1, 2, 1, 3]), return_counts=True))
print(torch.unique(torch.tensor([3, 1, 2, 1]), return_inverse=True))
print(torch.tensor([3, 1, 2, 1]).unique())
print(torch.unique(torch.tensor([[1, 2], [1, 2], [3, 4]]), dim=0))
print(torch.unique(torch.tensor([[1, 2], [1, 2], [3, 4]]), dim=0, return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([[3, 1], [1, 2]]), return_inverse=True))
print(torch.unique(torch.tensor([3, 1, 2]), sorted=False))
print(torch.unique(torch.tensor([True, False, True])))
print(torch.unique(torch.tensor(5)))
