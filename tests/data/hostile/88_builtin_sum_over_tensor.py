# expect: limit
# why: Python's sum over a 10**7-element tensor: 10**7 engine ops in one C call
import torch
x = sum(torch.ones(10 ** 7))
