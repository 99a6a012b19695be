# desc: diamond x->a->(b, c)->d with print-hooks on d, c, b, a and leaf x: c (created after b) fires before b - the engine runs the most recently created ready node first
# features: execution-order, hooks, diamond, hook-on-leaf
import torch
x = torch.tensor([1., 2.], requires_grad=True)
a = x * 2
b = a + 1
c = a * 3
d = b * c
a.register_hook(lambda g: print("a", g))
b.register_hook(lambda g: print("b", g))
c.register_hook(lambda g: print("c", g))
d.register_hook(lambda g: print("d", g))
x.register_hook(lambda g: print("x", g))
out = d.sum()
out.backward()
print(x.grad)
