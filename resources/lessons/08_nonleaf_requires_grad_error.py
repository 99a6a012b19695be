# A non-leaf cannot be switched off with requires_grad_(False): its value
# depends on x through the graph. Use detach() instead; this line fails on purpose.
import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
out = (y * y).sum()
out.backward()
print(x.grad)
print(y.is_leaf, y.requires_grad)
y.requires_grad_(False)
