# desc: float printing: integral floats print with a trailing dot, common precision of 4 decimals, rounding of 1/3 and long decimals
# features: print, precision
import torch
print(torch.tensor([1., 2., 3.]))
print(torch.tensor([1.5, 2.25, 3.125]))
print(torch.tensor([1 / 3, 2 / 3]))
print(torch.tensor([0.123456789]))
print(torch.tensor([[1., 0.5], [100., 0.01]]))
print(torch.tensor([-1.5, 2.]))
print(torch.tensor([]), torch.zeros(0, 3))
