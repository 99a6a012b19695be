# desc: (2,3) / (2,1) broadcasting; d/db = -x/b^2 summed along the broadcast dim
# features: div, broadcast, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = torch.tensor([[2.], [4.]], requires_grad=True)
out = x / b
print(out, out.grad_fn.name())
v = torch.tensor([[1., 1., 1.], [1., 0., 2.]])
out.backward(v)
print(x.grad, b.grad)
