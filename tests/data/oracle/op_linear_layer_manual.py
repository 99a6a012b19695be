# desc: manual linear layer out = relu(X @ W + b) with (2,3) X, (3,2) W, (2,) b; all three leaves get grads
# features: matmul, add, broadcast, relu, jacobian
import torch
X = torch.tensor([[1., -1., 2.], [0., 1., 1.]], requires_grad=True)
W = torch.tensor([[0.5, -1.], [1., 0.], [0., 2.]], requires_grad=True)
b = torch.tensor([0.1, -3.], requires_grad=True)
out = torch.relu(X @ W + b)
print(out, out.grad_fn.name())
print([n.name() if n is not None else None for n, _ in out.grad_fn.next_functions])
v = torch.tensor([[1., 1.], [1., 1.]])
out.backward(v)
print(X.grad, W.grad, b.grad)
