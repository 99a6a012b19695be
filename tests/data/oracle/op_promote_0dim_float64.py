# desc: 0-dim float64 leaf + 1-d float32 leaf -> float32 result (0-dim of same category does not promote); 0-dim grad stays float64 and sums
# features: dtype-promotion, 0-dim, dtype-float64, broadcast-scalar, add, mul, jacobian
import torch
s = torch.tensor(2., dtype=torch.float64, requires_grad=True)
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = s * x + s
print(out, out.dtype, out.grad_fn.name())
v = torch.tensor([1., 0.5, 0.25])
out.backward(v)
print(s.grad, s.grad.dtype, x.grad, x.grad.dtype)
