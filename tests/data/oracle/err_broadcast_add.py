# desc: (2,3) + (2,) cannot broadcast -> RuntimeError naming the non-singleton dimension
# features: add, broadcast, error
import torch
a = torch.ones(2, 3)
b = torch.ones(2)
c = a + b
