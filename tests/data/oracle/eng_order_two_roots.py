# desc: torch.autograd.backward with two separate roots [y1.sum(), y2.sum()]: order of hooks and the single leaf hook call
# features: execution-order, hooks, autograd.backward, multiple-roots
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y1 = x * 2
y2 = x ** 2
y1.register_hook(lambda g: print("y1", g))
y2.register_hook(lambda g: print("y2", g))
x.register_hook(lambda g: print("x", g))
torch.autograd.backward([y1.sum(), y2.sum()])
print(x.grad)
