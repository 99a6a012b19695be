# Source: zergtant/pytorch-handbook (https://github.com/zergtant/pytorch-handbook)
# File: chapter2/2.1.1.pytorch-basics-tensor.ipynb
# Changes: notebook code cells concatenated. dropped code cells [18, 19, 20] (the GPU demo: cpu_a.cuda(), gpu_a.cpu(), and the cell that moves that result with .to(device))
# 首先要引入相关的包
import torch
import numpy as np
#打印一下版本
torch.__version__

x = torch.rand(2, 3)
x

# 可以使用与numpy相同的shape属性查看
print(x.shape)
# 也可以使用size()函数，返回的结果都是相同的
print(x.size())

y=torch.rand(2,3,4,5)
print(y.size())
y

#我们直接使用现有数字生成
scalar =torch.tensor(3.1433223)
print(scalar)
#打印标量的大小
scalar.size()

scalar.item()

tensor = torch.tensor([3.1433223]) 
print(tensor)
tensor.size()

tensor.item()

long=tensor.long()
long

half=tensor.half()
half

int_t=tensor.int()
int_t

flo = tensor.float()
flo

short = tensor.short()
short

ch = tensor.char()
ch

bt = tensor.byte()
bt

a = torch.randn((3, 2))
# tensor转化为numpy
numpy_a = a.numpy()
print(numpy_a)

torch_a = torch.from_numpy(numpy_a)
torch_a

cpu_a=torch.rand(4, 3)
cpu_a.type()

# 使用[0,1]均匀分布随机初始化二维数组
rnd = torch.rand(5, 3)
rnd

##初始化，使用1填充
one = torch.ones(2, 2)
one

##初始化，使用0填充
zero=torch.zeros(2,2)
zero

#初始化一个单位矩阵，即对角线为1 其他为0
eye=torch.eye(2,2)
eye

x = torch.randn(3, 3)
print(x)

# 沿着行取最大值
max_value, max_idx = torch.max(x, dim=1)
print(max_value, max_idx)

# 每行 x 求和
sum_x = torch.sum(x, dim=1)
print(sum_x)

y=torch.randn(3, 3)
z = x + y
print(z)

# add 完成后x的值改变了
x.add_(y)
print(x)
