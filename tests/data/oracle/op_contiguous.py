# desc: t().contiguous(): is_contiguous before/after, grad_fn names; a contiguous() of an already contiguous tensor returns itself
# features: contiguous, t, view, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
a = x.t()
b = a.contiguous()
print(a.is_contiguous(), b.is_contiguous(), b.grad_fn.name(), x.contiguous() is x)
out = b.view(6)
print(out, out.grad_fn.name())
v = torch.tensor([1., 2., 3., 4., 5., 6.])
out.backward(v)
print(x.grad)
