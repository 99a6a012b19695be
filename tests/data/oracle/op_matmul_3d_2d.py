# desc: batched matmul (2,2,3) @ (3,2): the shared (3,2) matrix's grad sums over the batch
# features: matmul, batched-matmul, broadcast, jacobian
import torch
a = torch.tensor([[[1., 0., 1.], [0., 1., 0.]], [[1., 1., 1.], [2., 0., -1.]]], requires_grad=True)
w = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], requires_grad=True)
out = torch.matmul(a, w)
print(out, out.grad_fn.name(), out.shape)
v = torch.tensor([[[1., 0.], [0., 1.]], [[1., 1.], [2., 0.]]])
out.backward(v)
print(a.grad, w.grad)
