# expect: limit
# why: a numpy integer (from .numpy().sum()) passes the repeat check
import torch
n = torch.tensor([10 ** 10]).numpy().sum()
s = 'a' * n
