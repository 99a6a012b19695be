# expect: rejected
# why: a hook that is open itself
import torch
x = torch.ones(2, requires_grad=True)
x.register_hook(open)
(x * 2).sum().backward()
