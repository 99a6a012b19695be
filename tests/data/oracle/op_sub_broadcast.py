# desc: (2,3) - (3,) and torch.sub(x, b, alpha=2): grads of the subtrahend are negative sums
# features: sub, broadcast, alpha, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = torch.tensor([1., 1., 1.], requires_grad=True)
out = torch.sub(x, b, alpha=2) - b
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2., 3.], [1., 1., 1.]])
out.backward(v)
print(x.grad, b.grad)
