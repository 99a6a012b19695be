# desc: (2,3) + (3,) broadcasting; the (3,) operand's grad sums over rows
# features: add, broadcast, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = torch.tensor([10., 20., 30.], requires_grad=True)
out = x + b
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
out.backward(v)
print(x.grad, b.grad)
