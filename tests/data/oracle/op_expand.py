# desc: expand (1,3) -> (2,3) and expand with -1; gradient sums over the expanded dim
# features: expand, broadcast, jacobian
import torch
x = torch.tensor([[1., 2., 3.]], requires_grad=True)
out = x.expand(2, 3)
print(out, out.grad_fn.name(), x.expand(2, -1).shape, out.is_contiguous())
v = torch.tensor([[1., 2., 3.], [10., 20., 30.]])
out.backward(v)
print(x.grad)
