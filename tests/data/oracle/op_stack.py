# desc: torch.stack of two (2,) vectors along dim 0 and dim 1: StackBackward0
# features: stack, dim, jacobian
import torch
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
print(torch.stack([a, b], dim=1), torch.stack((a, b)).shape)
out = torch.stack([a, b * 2])
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2.], [3., 4.]])
out.backward(v)
print(a.grad, b.grad)
