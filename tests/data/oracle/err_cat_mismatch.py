# desc: torch.cat of (1,2) and (1,3) along dim 0 -> RuntimeError (sizes must match except in dimension 0)
# features: cat, shape-mismatch, error
import torch
a = torch.ones(1, 2)
b = torch.ones(1, 3)
print(torch.cat([a, b], dim=1).shape)
c = torch.cat([a, b], dim=0)
