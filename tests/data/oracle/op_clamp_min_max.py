# desc: clamp_min(0) then clamp_max(2) (and clamp with only min/max) with boundary values; grad_fn names
# features: clamp_min, clamp_max, clamp, boundary, jacobian
import torch
x = torch.tensor([-1., 0., 1., 2., 3.], requires_grad=True)
a = x.clamp_min(0.)
print(a, a.grad_fn.name(), x.clamp(min=0.).grad_fn.name(), x.clamp(max=2.).grad_fn.name())
out = torch.clamp_max(a, 2.)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1., 1., 1.])
out.backward(v)
print(x.grad)
