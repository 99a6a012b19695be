# desc: torch.mv of (2,3) with a (2,) vector -> RuntimeError
# features: mv, shape-mismatch, error
import torch
m = torch.ones(2, 3)
x = torch.ones(2)
y = torch.mv(m, x)
