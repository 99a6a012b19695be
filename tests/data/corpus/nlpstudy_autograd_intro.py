# Source: HxCodeWarrior/NLP_Study (Chinese study notes) (https://github.com/HxCodeWarrior/NLP_Study)
# File: 1.Basic_Grammar/1.2.Automatic_Derivation/1.2.1.Introduction.ipynb
# Changes: notebook code cells concatenated
import torch
x = torch.randn(3, 3, requires_grad=True)
print(x.grad_fn)

# 创建一个张量，并设置requires-grad = True用来追踪其计算历史
x = torch.ones(2, 2, requires_grad=True)
print(x)
# 对这个张量做一次运算
y = x ** 2
print(y)
# y是计算的结果，所以它有grad_fn属性
print(y.grad_fn)
# 对y进行更多的操作
z = y * y * 3
out = z.mean()
print(z)
print(out)

import torch
a = torch.randn(2,2)
a = (a * 3) / (a - 1)
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)
