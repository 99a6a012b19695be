# desc: clamp(min=0, max=1) with inputs exactly at both boundaries: is the gradient passed at the boundary?
# features: clamp, boundary, subgradient, jacobian
import torch
x = torch.tensor([-0.5, 0., 0.5, 1., 1.5], requires_grad=True)
out = x.clamp(0., 1.)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1., 1., 1.])
out.backward(v)
print(x.grad)
