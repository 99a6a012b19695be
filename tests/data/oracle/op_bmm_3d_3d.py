# desc: batched matmul (2,2,3) @ (2,3,2) -> (2,2,2); grad_fn name and grads
# features: matmul, batched-matmul, bmm, jacobian
import torch
a = torch.tensor([[[1., 0., 1.], [0., 1., 0.]], [[1., 1., 1.], [2., 0., -1.]]], requires_grad=True)
b = torch.tensor([[[1., 2.], [3., 4.], [5., 6.]], [[1., 0.], [0., 1.], [1., 1.]]], requires_grad=True)
out = a @ b
print(out, out.grad_fn.name(), out.shape)
print(torch.bmm(a, b).grad_fn.name())
v = torch.tensor([[[1., 0.], [0., 1.]], [[1., 1.], [2., 0.]]])
out.backward(v)
print(a.grad, b.grad)
