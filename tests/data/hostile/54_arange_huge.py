# expect: limit
# why: torch.arange(10**12)
import torch
x = torch.arange(10 ** 12)
