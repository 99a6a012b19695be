# desc: x.log_softmax(dim=0) on (2,2) and F.softmax(dim=-1) values; gradient v - softmax*sum(v)
# features: log_softmax, softmax, dim, jacobian
import torch
import torch.nn.functional as F
x = torch.tensor([[1., 2.], [3., 1.]], requires_grad=True)
print(F.softmax(x, dim=-1), F.softmax(x, dim=-1).grad_fn.name())
out = x.log_softmax(dim=0)
print(out, out.grad_fn.name())
v = torch.tensor([[1., 0.], [0., 1.]])
out.backward(v)
print(x.grad)
