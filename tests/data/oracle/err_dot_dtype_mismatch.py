# desc: torch.dot of float32 and int64 vectors (dot does no type promotion) -> RuntimeError
# features: dot, dtype-promotion, error
import torch
a = torch.tensor([1., 2.])
b = torch.tensor([1, 2])
print(a * b)
c = torch.dot(a, b)
