# desc: float64 tensors print with dtype=torch.float64 suffix (also 0-dim, with requires_grad and grad_fn); int32 and float16 suffixes
# features: print, dtype-float64, suffix, requires_grad
import torch
x = torch.tensor([1., 2.5], dtype=torch.float64)
print(x)
print(torch.tensor(3., dtype=torch.float64))
y = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
print(y)
print(y * 2)
print(torch.tensor([1, 2], dtype=torch.int32), torch.tensor([1.5], dtype=torch.float16))
