# desc: (2,3) @ (3,2) with the @ operator; grads are v @ W^T and X^T @ v
# features: matmul, at-operator, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
w = torch.tensor([[1., 0.], [0., 1.], [1., -1.]], requires_grad=True)
out = x @ w
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2.], [3., 4.]])
out.backward(v)
print(x.grad, w.grad)
