# expect: limit
# why: torch.full_like skips the size check
import torch
x = torch.ones(1).expand(40000, 40000)
y = torch.full_like(x, 2.0)
