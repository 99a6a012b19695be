# desc: torch.mv (2,3) x (3,) -> (2,): MvBackward0
# features: mv, jacobian
import torch
m = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
x = torch.tensor([1., 0., -1.], requires_grad=True)
out = torch.mv(m, x)
print(out, out.grad_fn.name())
v = torch.tensor([1., 2.])
out.backward(v)
print(m.grad, x.grad)
