# desc: torch.min(x, dim=0, keepdim=True) values/indices shapes (1,3); gradient goes to the chosen index (tie in column 2)
# features: min, dim, keepdim, indices, ties, jacobian
import torch
x = torch.tensor([[1., 4., 2.], [2., 0., 2.]], requires_grad=True)
out, idx = torch.min(x, dim=0, keepdim=True)
print(out, idx, out.shape, out.grad_fn.name())
v = torch.tensor([[1., 2., 3.]])
out.backward(v)
print(x.grad)
