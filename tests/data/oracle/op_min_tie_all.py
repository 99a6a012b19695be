# desc: min() of a (2,2) matrix with three tied minima: gradient split among ties
# features: min, ties, 0-dim, jacobian
import torch
x = torch.tensor([[0., 5.], [0., 0.]], requires_grad=True)
out = x.min()
print(out, out.grad_fn.name())
out.backward()
print(x.grad)
