# expect: limit
# why: a 10**12-element tensor
import torch
x = torch.zeros(10 ** 6, 10 ** 6)
