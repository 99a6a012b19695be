# desc: float32 leaf * int64 tensor + float64 leaf -> float64 out; grads come back in each leaf's own dtype
# features: dtype-promotion, dtype-float64, dtype-int64, mul, add, backward-with-gradient, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
i = torch.tensor([1, 2, 3])
dx = torch.tensor([0.5, 0.5, 0.5], dtype=torch.float64, requires_grad=True)
out = x * i + dx
print(out, out.dtype, out.grad_fn.name())
print([n.name() if n is not None else None for n, _ in out.grad_fn.next_functions])
v = torch.tensor([1., 1., 2.], dtype=torch.float64)
out.backward(v)
print(x.grad, x.grad.dtype, dx.grad, dx.grad.dtype)
