# desc: += and *= on a non-leaf modify it in place (same object, version bumps, grad_fn Add/Mul); += on a plain tensor
# features: in-place, augmented-assign, version, identity, jacobian
import torch
t = torch.ones(2)
t += 1
print(t, t._version)
x = torch.tensor([1., 2.], requires_grad=True)
out = x * 1
alias = out
out += 2
out *= x
print(alias is out, out.grad_fn.name(), out._version)
v = torch.tensor([1., 1.])
out.backward(v)
print(x.grad)
