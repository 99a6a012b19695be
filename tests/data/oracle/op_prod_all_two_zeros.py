# desc: prod() of a vector with two zeros -> gradient all zeros; ProdBackward0
# features: prod, zero-input, 0-dim, jacobian
import torch
x = torch.tensor([0., 2., 0., 3.], requires_grad=True)
out = x.prod()
print(out, out.grad_fn.name())
out.backward()
print(x.grad)
