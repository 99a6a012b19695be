# desc: exp and log elementwise; log at 0 -> -inf with gradient inf; Jacobian rows for the other outputs hold nan at x=0 (one-hot grad 0 * inf), so vjp_matches_jacobian is false
# features: exp, log, zero-input, inf, jacobian
import torch
x = torch.tensor([0., 1., 2.], requires_grad=True)
e = torch.exp(x)
l = torch.log(x)
print(e, e.grad_fn.name(), l, l.grad_fn.name())
out = e + l
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(out, out.grad_fn.name(), x.grad)
