# desc: amax(dim=1) with ties spreads the gradient evenly among the tied maxima (compare with max(dim) which picks one)
# features: amax, dim, ties, jacobian
import torch
x = torch.tensor([[1., 4., 4.], [3., 3., 3.]], requires_grad=True)
out = x.amax(dim=1)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1.])
out.backward(v)
print(x.grad)
