# expect: limit
# why: a GroupNorm of two billion channels would allocate its weight and bias: the element limit stops it
import torch
gn = torch.nn.GroupNorm(1, 2_000_000_000)
print(gn)
