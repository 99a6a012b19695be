# desc: torch.where(cond, x, y) with a boolean mask computed from x: gradient routed to x or y
# features: where, bool-mask, jacobian
import torch
x = torch.tensor([1., -2., 3., -4.], requires_grad=True)
y = torch.tensor([10., 20., 30., 40.], requires_grad=True)
cond = x > 0
out = torch.where(cond, x * 2, y)
print(cond, out, out.grad_fn.name())
v = torch.tensor([1., 2., 3., 4.])
out.backward(v)
print(x.grad, y.grad)
