# desc: torch.cross without dim where the first tensor has no dimension of size 3: the deprecation warning, then the error
# features: cross, errors, warnings
import torch
p = torch.ones(2, 4)
q = torch.ones(2, 4)
r = torch.cross(p, q)
