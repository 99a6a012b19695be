# expect: limit
# why: torch.tensor(expanded view) copies 1.6e9 elements without the guard
import torch
x = torch.ones(1).expand(40000, 40000)
y = torch.tensor(x)
