# desc: torch.matmul of a 1-d vector (2,) with a (2,3) matrix -> (3,); grad_fn name of the 1-d matmul
# features: matmul, vector-matrix, jacobian
import torch
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
out = torch.matmul(x, w)
print(out, out.grad_fn.name(), out.shape)
v = torch.tensor([1., 0., 1.])
out.backward(v)
print(x.grad, w.grad)
