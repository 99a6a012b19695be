# out = X @ W: (2,3) @ (3,2) -> (2,2). backward(v) gives
# X.grad = v @ W.T (shape of X) and W.grad = X.T @ v (shape of W).
import torch
X = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
W = torch.tensor([[1., 0.], [0., 1.], [1., 1.]], requires_grad=True)
out = X @ W
print(out.shape)
v = torch.tensor([[1., 0.], [0., 2.]])
out.backward(v)
print(X.grad)
print(W.grad)
