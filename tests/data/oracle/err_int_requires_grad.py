# desc: torch.ones(3, dtype=torch.int64, requires_grad=True) -> RuntimeError (only floating point and complex can require grad)
# features: dtype-int64, requires_grad, error
import torch
a = torch.ones(3)
print(a.dtype)
x = torch.ones(3, dtype=torch.int64, requires_grad=True)
print(x)
