# Source: d2l-ai/d2l-zh (动手学深度学习) (https://github.com/d2l-ai/d2l-zh)
# File: chapter_preliminaries/linear-algebra.md
# License: Apache-2.0
# Changes: code blocks of the page concatenated (the 'pytorch' tab and 'all')
#@tab pytorch
import torch

x = torch.tensor(3.0)
y = torch.tensor(2.0)

x + y, x * y, x / y, x**y

#@tab pytorch
x = torch.arange(4)
x

#@tab pytorch
x[3]

#@tab pytorch
len(x)

#@tab pytorch
x.shape

#@tab pytorch
A = torch.arange(20).reshape(5, 4)
A

#@tab pytorch
A.T

#@tab pytorch
B = torch.tensor([[1, 2, 3], [2, 0, 4], [3, 4, 5]])
B

#@tab pytorch
B == B.T

#@tab pytorch
X = torch.arange(24).reshape(2, 3, 4)
X

#@tab pytorch
A = torch.arange(20, dtype=torch.float32).reshape(5, 4)
B = A.clone()  # 通过分配新内存，将A的一个副本分配给B
A, A + B

#@tab pytorch
A * B

#@tab pytorch
a = 2
X = torch.arange(24).reshape(2, 3, 4)
a + X, (a * X).shape

#@tab pytorch
x = torch.arange(4, dtype=torch.float32)
x, x.sum()

#@tab pytorch
A.shape, A.sum()

#@tab pytorch
A_sum_axis0 = A.sum(axis=0)
A_sum_axis0, A_sum_axis0.shape

#@tab pytorch
A_sum_axis1 = A.sum(axis=1)
A_sum_axis1, A_sum_axis1.shape

#@tab pytorch
A.sum(axis=[0, 1])  # 结果和A.sum()相同

#@tab pytorch
A.mean(), A.sum() / A.numel()

#@tab pytorch
A.mean(axis=0), A.sum(axis=0) / A.shape[0]

#@tab pytorch
sum_A = A.sum(axis=1, keepdims=True)
sum_A

#@tab pytorch
A / sum_A

#@tab pytorch
A.cumsum(axis=0)

#@tab pytorch
y = torch.ones(4, dtype = torch.float32)
x, y, torch.dot(x, y)

#@tab pytorch
torch.sum(x * y)

#@tab pytorch
A.shape, x.shape, torch.mv(A, x)

#@tab pytorch
B = torch.ones(4, 3)
torch.mm(A, B)

#@tab pytorch
u = torch.tensor([3.0, -4.0])
torch.norm(u)

#@tab pytorch
torch.abs(u).sum()

#@tab pytorch
torch.norm(torch.ones((4, 9)))
