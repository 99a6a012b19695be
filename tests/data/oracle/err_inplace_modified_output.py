# desc: y = x.exp() saves its output; y.add_(1) then backward -> RuntimeError '...modified by an inplace operation' ('output 0 of Exp, is at version 1; expected version 0')
# features: in-place, saved-tensors, version, exp, error
import torch
x = torch.tensor([0., 1.], requires_grad=True)
y = x.exp()
z = y.sum()
y.add_(1)
print(y._version)
z.backward()
