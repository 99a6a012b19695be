# Source: datawhalechina/thorough-pytorch (《深入浅出PyTorch》) (https://github.com/datawhalechina/thorough-pytorch)
# File: source/第二章/2.1 张量.md
# Commit: 80cdfceb31e37266cfe6fe9e867445bf711f4afa
# License: CC BY-NC-SA 4.0
# Changes: the page's python code blocks concatenated in order; the blocks that show a run's output (printed tensors, sizes, reprs) dropped; the two shape-notation blocks ((width, height, channel) = 3D, ...) are not Python and not taken

import torch
x = torch.rand(4, 3) 
print(x)

import torch
x = torch.zeros(4, 3, dtype=torch.long)
print(x)

import torch
x = torch.tensor([5.5, 3]) 
print(x)

x = x.new_ones(4, 3, dtype=torch.double) 
# 创建一个新的全1矩阵tensor，返回的tensor默认具有相同的torch.dtype和torch.device
# 也可以像之前的写法 x = torch.ones(4, 3, dtype=torch.double)
print(x)
x = torch.randn_like(x, dtype=torch.float)
# 重置数据类型
print(x)
# 结果会有一样的size
# 获取它的维度信息
print(x.size())
print(x.shape)

import torch
# 方式1
y = torch.rand(4, 3) 
print(x + y)

# 方式2
print(torch.add(x, y))

# 方式3 in-place，原值修改
y.add_(x) 
print(y)

import torch
x = torch.rand(4,3)
# 取第二列
print(x[:, 1]) 

y = x[0,:]
y += 1
print(y)
print(x[0, :]) # 源tensor也被改了了

x = torch.randn(4, 4)
y = x.view(16)
z = x.view(-1, 8) # -1是指这一维的维数由其他维度决定
print(x.size(), y.size(), z.size())

x += 1
print(x)
print(y) # 也加了了1

import torch
x = torch.randn(1) 
print(type(x)) 
print(type(x.item()))

x = torch.arange(1, 3).view(1, 2)
print(x)
y = torch.arange(1, 4).view(3, 1)
print(y)
print(x + y)
