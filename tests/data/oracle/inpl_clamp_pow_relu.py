# desc: chain out=2x; clamp_(-1,3); pow_(2); relu_(): grad_fn names after each and the gradient (clamped elements get 0)
# features: in-place, clamp_, pow_, relu_, version, jacobian
import torch
x = torch.tensor([-1., 0.5, 2.], requires_grad=True)
out = x * 2
out.clamp_(-1., 3.)
print(out.grad_fn.name())
out.pow_(2)
print(out.grad_fn.name())
out.relu_()
print(out, out.grad_fn.name(), out._version)
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
