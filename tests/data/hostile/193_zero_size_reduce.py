# expect: limit
# why: a reduction over an empty axis makes a full tensor: zeros(0, 1.2e9).sum(0) has 1.2e9 elements though its input has none
import torch
a = torch.zeros(0, 1_200_000_000)
b = a.sum(0)
print(b.shape)
