# desc: y = x*2; z = y + 1 (add saves nothing); y.mul_(3) afterwards does not break z.backward()
# features: in-place, saved-tensors, version, add, jacobian
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
out = y + 1
y.mul_(3)
print(y, y._version, out)
v = torch.tensor([1., 1.])
out.backward(v)
print(x.grad)
