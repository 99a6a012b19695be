# desc: sqrt at 0 -> value 0, gradient inf; at 4 gradient 0.25; Jacobian rows for the other outputs hold nan at x=0 (one-hot grad 0 * inf), so vjp_matches_jacobian is false
# features: sqrt, zero-input, inf, jacobian
import torch
x = torch.tensor([0., 1., 4.], requires_grad=True)
out = x.sqrt()
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
