# desc: torch.mm of (2,3) and (3,2): MmBackward0
# features: mm, jacobian
import torch
a = torch.tensor([[1., 2., 3.], [0., 1., 0.]], requires_grad=True)
b = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], requires_grad=True)
out = torch.mm(a, b)
print(out, out.grad_fn.name())
v = torch.tensor([[1., 0.], [0., 1.]])
out.backward(v)
print(a.grad, b.grad)
