# b has shape (3,) and is broadcast over the 2 rows of x. Its backward sums
# the gradient over the broadcast dimension: b.grad is a column sum.
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = torch.tensor([10., 20., 30.], requires_grad=True)
out = x * b + b
print(out.shape)
out.backward(torch.ones(2, 3))
print(x.grad)
print(b.grad)
