# expect: raised
# why: x.numpy().ctypes would reach raw memory
import torch
x = torch.ones(3)
p = x.numpy().ctypes
print(p)
