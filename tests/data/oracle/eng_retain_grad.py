# desc: retain_grad() on an intermediate fills y.grad; retains_grad before/after; on a leaf it is a no-op; z.grad without it is None (+warning)
# features: retain_grad, retains_grad, non-leaf-grad, warning, backward
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
z = y ** 2
print(y.retains_grad, x.retains_grad)
y.retain_grad()
x.retain_grad()
print(y.retains_grad, x.retains_grad)
out = z.sum()
out.backward()
print(y.grad, x.grad)
print(z.grad)
