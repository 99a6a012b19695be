# desc: printing a 3-d float tensor (2,2,3) and a 3-d int tensor (blank lines between blocks)
# features: print, 3-d
import torch
x = torch.arange(12.).reshape(2, 2, 3)
print(x)
print(torch.arange(8).reshape(2, 2, 2))
print(torch.ones(1, 1, 2) * 0.5)
