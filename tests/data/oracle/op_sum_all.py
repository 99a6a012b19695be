# desc: x.sum() of a (2,3) matrix -> 0-dim SumBackward0, implicit backward gives ones
# features: sum, 0-dim, implicit-backward-1-element, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
out = x.sum()
print(out, out.grad_fn.name(), out.shape, out.dim())
out.backward()
print(x.grad)
