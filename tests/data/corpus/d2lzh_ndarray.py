# Source: d2l-ai/d2l-zh (动手学深度学习) (https://github.com/d2l-ai/d2l-zh)
# File: chapter_preliminaries/ndarray.md
# License: Apache-2.0
# Changes: code blocks of the page concatenated (the 'pytorch' tab and 'all')
#@tab pytorch
import torch

#@tab pytorch
x = torch.arange(12)
x

#@tab all
x.shape

#@tab pytorch
x.numel()

#@tab mxnet, pytorch
X = x.reshape(3, 4)
X

#@tab pytorch
torch.zeros((2, 3, 4))

#@tab pytorch
torch.ones((2, 3, 4))

#@tab pytorch
torch.randn(3, 4)

#@tab pytorch
torch.tensor([[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])

#@tab pytorch
x = torch.tensor([1.0, 2, 4, 8])
y = torch.tensor([2, 2, 2, 2])
x + y, x - y, x * y, x / y, x ** y  # **运算符是求幂运算

#@tab pytorch
torch.exp(x)

#@tab pytorch
X = torch.arange(12, dtype=torch.float32).reshape((3,4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
torch.cat((X, Y), dim=0), torch.cat((X, Y), dim=1)

#@tab all
X == Y

#@tab mxnet, pytorch, paddle
X.sum()

#@tab pytorch
a = torch.arange(3).reshape((3, 1))
b = torch.arange(2).reshape((1, 2))
a, b

#@tab all
a + b

#@tab all
X[-1], X[1:3]

#@tab mxnet, pytorch, paddle
X[1, 2] = 9
X

#@tab mxnet, pytorch, paddle
X[0:2, :] = 12
X

#@tab all
before = id(Y)
Y = Y + X
id(Y) == before

#@tab pytorch
Z = torch.zeros_like(Y)
print('id(Z):', id(Z))
Z[:] = X + Y
print('id(Z):', id(Z))

#@tab mxnet, pytorch, paddle
before = id(X)
X += Y
id(X) == before

#@tab pytorch
A = X.numpy()
B = torch.tensor(A)
type(A), type(B)

#@tab pytorch
a = torch.tensor([3.5])
a, a.item(), float(a), int(a)
