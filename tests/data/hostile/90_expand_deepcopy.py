# expect: limit
# why: copy.deepcopy of an expanded view allocates 1.6e9 elements without the guard
import copy
import torch
x = torch.ones(1).expand(40000, 40000)
y = copy.deepcopy(x)
