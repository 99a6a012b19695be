# desc: torch.softmax(x, dim=1) on (2,3); gradient s*(v - sum(v*s)) per row
# features: softmax, dim, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [0., 0., 0.]], requires_grad=True)
out = torch.softmax(x, dim=1)
print(out, out.grad_fn.name())
v = torch.tensor([[1., 0., 0.], [0., 2., 0.]])
out.backward(v)
print(x.grad)
