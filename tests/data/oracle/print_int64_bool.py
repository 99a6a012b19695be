# desc: int64 tensors print without suffix, bool tensors print True/False; comparisons give bool tensors
# features: print, dtype-int64, dtype-bool
import torch
a = torch.tensor([1, -20, 300])
print(a)
print(torch.tensor([[True, False], [False, True]]))
print(a > 0, (a > 0).dtype)
print(torch.tensor([5]), torch.tensor(7), torch.tensor(True))
print(torch.tensor([1000000, 2]))
