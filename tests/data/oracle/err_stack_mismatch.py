# desc: torch.stack of (2,) and (3,) -> RuntimeError (stack expects each tensor to be equal size)
# features: stack, shape-mismatch, error
import torch
a = torch.ones(2)
b = torch.ones(3)
c = torch.stack([a, b])
