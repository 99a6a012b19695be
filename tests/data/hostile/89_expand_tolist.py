# expect: limit
# why: tolist of a 10**10-element expanded view (expand is not counted)
import torch
x = torch.ones(1).expand(10 ** 5, 10 ** 5)
y = x.tolist()
