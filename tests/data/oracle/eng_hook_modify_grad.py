# desc: hooks returning a modified gradient: g*10 on intermediate y and g+1 on leaf x; retained y.grad sees the modified value
# features: register_hook, hook-modify, hook-on-leaf, retain_grad
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.retain_grad()
y.register_hook(lambda g: g * 10)
x.register_hook(lambda g: g + 1)
out = y.sum()
out.backward()
print(y.grad)
print(x.grad)
