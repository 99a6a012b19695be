# The 60-minute blitz: out = mean(3 (x + 2)^2) over a 2x2 x of ones,
# so d out / d x_ij = 6 (x_ij + 2) / 4 = 4.5 for every entry.
import torch
x = torch.ones(2, 2, requires_grad=True)
print(x)
y = x + 2
print(y)
print(y.grad_fn.name())
z = y * y * 3
out = z.mean()
print(z, out)
out.backward()
print(x.grad)
