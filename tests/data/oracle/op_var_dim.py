# desc: var (unbiased by default) along dim 1; var(unbiased=False) and correction=0 values for comparison
# features: var, dim, unbiased, jacobian
import torch
x = torch.tensor([[1., 2., 4.], [3., 3., 3.]], requires_grad=True)
print(x.var(), x.var(unbiased=False), x.var(dim=1, correction=0))
out = x.var(dim=1)
print(out, out.grad_fn.name())
v = torch.tensor([1., 1.])
out.backward(v)
print(x.grad)
