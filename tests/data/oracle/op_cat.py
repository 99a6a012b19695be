# desc: torch.cat along dim 0 and dim 1 of (1,2) and (1,2)/(2,1)-shaped pieces: CatBackward0; gradients split back
# features: cat, dim, jacobian
import torch
a = torch.tensor([[1., 2.]], requires_grad=True)
b = torch.tensor([[3., 4.], [5., 6.]], requires_grad=True)
print(torch.cat((a, a), dim=1), torch.cat([a, b]).shape)
out = torch.cat((a, b), dim=0)
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2.], [3., 4.], [5., 6.]])
out.backward(v)
print(a.grad, b.grad)
