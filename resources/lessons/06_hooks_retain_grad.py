# Intermediate tensors do not keep .grad. A hook sees the gradient as it
# flows past; retain_grad() keeps it in y.grad.
import torch
x = torch.ones(1, 1, requires_grad=True)
y = 3 * x
y.register_hook(print)
y.retain_grad()
out = y ** 2
out.backward()
print(y.grad)
print(x.grad)
