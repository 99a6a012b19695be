# Source: HyLiu-cn/Learning_pytorch (学习笔记, Chinese notes on Dive-into-DL-PyTorch) (https://github.com/HyLiu-cn/Learning_pytorch)
# File: chapter_02/2.2_数据操作.ipynb
# Changes: notebook code cells concatenated
import torch

# 创建一个5x3的未初始化的Tensor
x = torch.empty((5,3))
x

# 创建一个5x3的随机初始化的Tensor
x = torch.rand(5,3)
x

# 创建一个5x3的long型全0的Tensor
x = torch.zeros((5,3),dtype=torch.long)
x

# 直接根据数据创建
x = torch.tensor([5.5,3])
x

# 通过现有的Tensor来创建
x = x.new_ones(5,3,dtype=torch.float64) # 返回的tensor默认具有相同的torch.dtype和torch.device
print(x)

x = torch.randn_like(x,dtype=torch.float) # 指定新的数据类型
print(x)

# 通过shape或者size()来获取Tensor的形状
print(x.size())
print(x.shape)

# 算术操作 
y = torch.rand(5,3)
print(x+y)
torch.add(x,y)
# torch.mul(x,y)
# torch.div(x,y)
# torch.sub(x,y)

# 索引：可以使用类似NumPy的索引操作来访问Tensor的一部分，需要注意的是：索引出来的结果与原数据共享内存，也即修改一个，另一个会跟着修改
y = x[0,:]
print(x[0,:])
y += 1
print(y)
print(x[0,:])

# 改变tensor形状: view / reshape
y = x.shape
print(y)
z = x.view(-1,5) # -1所指的维度可以根据其他维度的值推出来
# view()返回的新Tensor与源Tensor虽然可能有不同的size，但是是共享data的
print(z.shape)

# 线性代数

x = torch.arange(1, 3).view(1, 2)
y = torch.arange(1, 4).view(3, 1)
print(x + y)
# 由于x和y分别是1行2列和3行1列的矩阵，如果要计算x + y，
# 那么x中第一行的2个元素被广播（复制）到了第二行和第三行，而y中第一列的3个元素被广播（复制）到了第二列

# Tensor -> numpy 数组
a = torch.ones(5)
print(a)
b = a.numpy()
print(b)
a += 1
print(a,b)

# numpy 数组 -> Tensor
import numpy as np
c = np.ones(5)
print(c)
d = torch.from_numpy(c)
print(d)

e = torch.tensor(c) # 返回的Tensor和原来的数据不再共享内存
print(c,e)
e += 1
print(c,e)
