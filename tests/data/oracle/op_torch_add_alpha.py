# desc: torch.add(x, y, alpha=2) -> x + 2y; y.grad is 2*v
# features: add, alpha, jacobian
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)
out = torch.add(x, y, alpha=2)
print(out, out.grad_fn.name())
v = torch.tensor([1., 10.])
out.backward(v)
print(x.grad, y.grad)
