# desc: two outputs y1=x*2, y2=x**2 summed into one loss: y2's hook fires before y1's (reverse creation), leaf x's hook fires once with the total
# features: execution-order, hooks, two-outputs, hook-on-leaf
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y1 = x * 2
y2 = x ** 2
y1.register_hook(lambda g: print("y1", g))
y2.register_hook(lambda g: print("y2", g))
x.register_hook(lambda g: print("x", g))
out = y1.sum() + y2.sum()
out.backward()
print(x.grad)
