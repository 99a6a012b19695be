# desc: x ** 2 + x ** 0.5 + x ** 0 at x including 0: gradient inf at 0 (from 0**0.5), x**0 contributes 0; x ** -1 at 0 is inf; Jacobian rows for the other outputs hold nan at x=0 (one-hot grad 0 * inf), so vjp_matches_jacobian is false
# features: pow, sqrt, zero-input, jacobian
import torch
x = torch.tensor([0., 1., 4.], requires_grad=True)
out = x ** 2 + x ** 0.5 + x ** 0
print(out, out.grad_fn.name())
print((x ** -1).grad_fn.name(), x ** -1)
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
