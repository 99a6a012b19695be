# Source: datawhalechina/thorough-pytorch (《深入浅出PyTorch》) (https://github.com/datawhalechina/thorough-pytorch)
# File: notebook/第二章 PyTorch基础知识/代码演示：PyTorch基础知识.ipynb
# Commit: 80cdfceb31e37266cfe6fe9e867445bf711f4afa
# License: CC BY-NC-SA 4.0
# Changes: notebook code cells concatenated; the notebook's first part (张量运算示例: code cells 0-16, 0-based), without the IPython help cell (?torch.tensor) and the empty cells 15-16
import torch
# 创建tensor，用dtype指定类型。注意类型要匹配
a = torch.tensor(1.0, dtype=torch.float)
b = torch.tensor(1, dtype=torch.long)
c = torch.tensor(1.0, dtype=torch.int8)
print(a, b, c)
# 使用指定类型函数随机初始化指定大小的tensor
d = torch.FloatTensor(2,3)
e = torch.IntTensor(2)
f = torch.IntTensor([1,2,3,4])  #对于python已经定义好的数据结构可以直接转换
print(d, '\n', e, '\n', f)
# tensor和numpy array之间的相互转换
import numpy as np

g = np.array([[1,2,3],[4,5,6]])
h = torch.tensor(g)
print(h)
i = torch.from_numpy(g)
print(i)
j = h.numpy()
print(j)
g[0,0] = 100
print(i)
# 常见的构造Tensor的函数
k = torch.rand(2, 3) 
l = torch.ones(2, 3)
m = torch.zeros(2, 3)
n = torch.arange(0, 10, 2)
print(k, '\n', l, '\n', m, '\n', n)
# 查看tensor的维度信息（两种方式）
print(k.shape)
print(k.size())
# tensor的运算
o = torch.add(k,l)
print(o)
# tensor的索引方式与numpy类似
print(o[:,1])
print(o[0,:])
# 改变tensor形状的神器：view
print(o.view((3,2)))
print(o.view(-1,2))
# tensor的广播机制（使用时要注意这个特性）
p = torch.arange(1, 3).view(1, 2)
print(p)
q = torch.arange(1, 4).view(3, 1)
print(q)
print(p + q)
# 扩展&压缩tensor的维度：squeeze
print(o)
r = o.unsqueeze(1)
print(r)
print(r.shape)
s = r.squeeze(0)
print(s)
print(s.shape)
t = r.squeeze(1)
print(t)
print(t.shape)
