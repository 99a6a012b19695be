# desc: F.one_hot of a float tensor: only LongTensor indices are accepted
# features: nn.functional, one_hot, error
import torch
import torch.nn.functional as F
print(F.one_hot(torch.tensor([1, 0]), 3))
y = F.one_hot(torch.tensor([1.0, 0.0]))
