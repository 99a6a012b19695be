# Source: HxCodeWarrior/NLP_Study (Chinese study notes) (https://github.com/HxCodeWarrior/NLP_Study)
# File: 1.Basic_Grammar/1.1.Tensors/1.1.3.Options.ipynb
# Changes: notebook code cells concatenated
import torch

x = torch.rand(5, 3)
y = torch.rand(5, 3)
print(x)
print(y)

print("{}".format('*'*25))

# Method-one
result1 = x + y
# Method-twoo
result2 = torch.add(x, y)
# Method-three
y.add_(x)

print(result1)
print(result2)
print(y)

import torch
x = torch.rand(4,3)
print(x)
# 取出第二列
print(x[:, 1])

y = x[0, :]
y += 1
print(y)
print(x[0, :])

import torch

x = torch.randn(4,4)
y = x.view(16)
z = x.view(-1, 8)   # -1是指这一维的维数由其他的维度决定

print(x.size(), y.size(), z.size())

x += 1
print(x)
print(y)

import torch 
x = torch.randn(1)
print(type(x))
print(type(x.item()))   # 注意：item（）只能访问含有一个元素的张量，如果被访问的张量有超过一个元素就会报错
