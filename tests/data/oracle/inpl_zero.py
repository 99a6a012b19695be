# desc: out = x*2; out.zero_() -> ZeroBackward0, gradient to x is zero
# features: in-place, zero_, version, jacobian
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = x * 2
out.zero_()
print(out, out.grad_fn.name(), out._version)
v = torch.tensor([1., 1.])
out.backward(v)
print(x.grad)
