# desc: bool tensor with requires_grad=True -> RuntimeError
# features: dtype-bool, requires_grad, error
import torch
m = torch.tensor([True, False])
print(m, m.dtype)
x = torch.tensor([True, False], requires_grad=True)
print(x)
