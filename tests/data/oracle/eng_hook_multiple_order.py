# desc: several hooks on the same tensor fire in registration order, each seeing the previous hook's returned gradient
# features: hooks, hook-modify, hook-order
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 1
y.register_hook(lambda g: print("first", g))
y.register_hook(lambda g: g * 2)
y.register_hook(lambda g: print("third", g))
y.register_hook(lambda g: g + 100)
out = y.sum()
out.backward()
print(x.grad)
