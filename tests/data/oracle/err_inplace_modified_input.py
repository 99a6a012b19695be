# desc: y = x*2; z = y*y saves y; y.mul_(3) then backward -> RuntimeError naming 'output 0 of Mul' (forward name, not MulBackward0)
# features: in-place, saved-tensors, version, mul, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
z = y * y
y.mul_(3)
out = z.sum()
out.backward()
