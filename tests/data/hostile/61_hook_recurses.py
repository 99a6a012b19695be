# expect: limit
# why: a hook that calls itself
import torch
x = torch.ones(2, requires_grad=True)
def hook(g):
    return hook(g)
x.register_hook(hook)
(x * 2).sum().backward()
