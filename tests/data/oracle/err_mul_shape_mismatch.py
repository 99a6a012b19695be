# desc: elementwise (3,) * (2,) -> RuntimeError (size of tensor a must match b)
# features: mul, broadcast, error
import torch
a = torch.ones(3, requires_grad=True)
b = torch.ones(2)
c = a * b
