# expect: limit
# why: repeat to 10**10 elements
import torch
x = torch.ones(10 ** 5).repeat(10 ** 5)
