# expect: limit
# why: a lambda hook that runs backward again, re-entering the engine forever
import torch
x = torch.ones(2, requires_grad=True)
y = (x * 2).sum()
x.register_hook(lambda g: y.backward(retain_graph=True))
y.backward(retain_graph=True)
