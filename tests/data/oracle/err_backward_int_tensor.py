# desc: .backward() on an integer tensor (int64 cannot require grad) -> RuntimeError
# features: backward, dtype-int64, error
import torch
n = torch.tensor([1, 2, 3])
s = n.sum()
print(s, s.dtype, s.requires_grad)
s.backward()
