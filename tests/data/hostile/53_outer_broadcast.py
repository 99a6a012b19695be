# expect: limit
# why: broadcasting outer product of two 10**6 vectors
import torch
a = torch.ones(10 ** 6)
b = a.unsqueeze(1) * a
