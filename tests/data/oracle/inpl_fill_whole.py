# desc: out = x*2; out.fill_(7.) -> FillBackward, x gets zero grad; fill_ on a plain tensor
# features: in-place, fill_, jacobian
import torch
t = torch.zeros(2)
t.fill_(3)
print(t, t._version)
x = torch.tensor([1., 2.], requires_grad=True)
out = x * 2
out.fill_(7.)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1.])
out.backward(v)
print(x.grad)
