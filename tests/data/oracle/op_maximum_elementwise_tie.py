# desc: torch.maximum(x, y) elementwise with one tie position: the gradient there is split between x and y
# features: maximum, ties, broadcast, jacobian
import torch
x = torch.tensor([1., 5., 2.], requires_grad=True)
y = torch.tensor([3., 5., 1.], requires_grad=True)
out = torch.maximum(x, y)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad, y.grad)
