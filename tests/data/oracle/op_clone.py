# desc: out = x.clone(): CloneBackward0, identity gradient; clone is a new non-leaf (not x)
# features: clone, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = x.clone()
print(out, out.grad_fn.name(), out is x, out.is_leaf)
v = torch.tensor([3., 2., 1.])
out.backward(v)
print(x.grad)
