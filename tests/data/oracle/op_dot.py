# desc: torch.dot of two 1-d tensors -> 0-dim, DotBackward0; also x @ y of 1-d vectors
# features: dot, matmul, 0-dim, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = torch.tensor([4., 5., 6.], requires_grad=True)
print((x @ y).grad_fn.name(), x @ y)
out = torch.dot(x, y)
print(out, out.grad_fn.name(), out.shape)
out.backward()
print(x.grad, y.grad)
