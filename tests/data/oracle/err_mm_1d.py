# desc: torch.mm with a 1-d argument -> RuntimeError (mm expects 2-D)
# features: mm, error
import torch
a = torch.ones(2, 3)
b = torch.ones(3)
c = torch.mm(a, b)
