# expect: limit
# why: x[i] with 10**6 indices into rows of 10**4: the index estimate is max(inputs), not the result
import torch
x = torch.ones(1, 10 ** 4)
i = torch.zeros(10 ** 6, dtype=torch.long)
y = x[i]
