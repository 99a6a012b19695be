# desc: same diamond but c is created before b: now b's hook fires before c's (order = reverse creation order, not the order of use in d)
# features: execution-order, hooks, diamond
import torch
x = torch.tensor(1., requires_grad=True)
a = x * 2
c = a * 3
b = a + 1
d = b * c
b.register_hook(lambda g: print("b", g))
c.register_hook(lambda g: print("c", g))
a.register_hook(lambda g: print("a", g))
out = d * 1
out.backward()
print(x.grad)
