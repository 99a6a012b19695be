# Source: HuangHuangZhengZheng/EECS498-007 (Chinese course notes for EECS 498-007) (https://github.com/HuangHuangZhengZheng/EECS498-007)
# File: Reminder_and_Starter/get_started_for_cvpr/introPyTorch/Tensor.ipynb
# Changes: notebook code cells concatenated. dropped code cells [13, 14] (cell 13 needs einops (not a PyTorch tutorial dependency), cell 14 is GPU-only (x.cuda()))
import torch

x = torch.Tensor(2,3)
x

list = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]
fromList = torch.tensor(list)
fromList

print(torch.zeros(2,3,2))
print(torch.ones(2,3))
print(torch.eye(2,3))
print(torch.arange(1, 4, 0.5))

print(x.type())
print(x.dtype)
print('fromList shape is ' + str(fromList.shape))
print(fromList[0][0]) # a tensor

l = [-1, +1, -0.255, +6.12]
l1 = torch.tensor(l)
print(l1.sign())
print(l1.dist(l1))

import torch

z_norm = torch.randn(2, 3, 4)

# 使用 torch.einsum 计算相似性矩阵
z_cos_sim = torch.einsum('bci,bcj->bij', z_norm, z_norm)

print(z_cos_sim.shape)  # 输出：torch.Size([2, 4, 4])

x = torch.randn(3, 4)
print(x)
indices = torch.tensor([0, 2])
selected_rows = torch.index_select(x, 0, indices)
selected_rows

c = torch.tensor([[1, 2], [3, 0], [4, 5]])
nonzero_and_greater_than_2 = torch.nonzero(c > 2)
print(nonzero_and_greater_than_2)  # 输出: tensor([[1, 0],
                                  #              [2, 0],
                                  #              [2, 1]])

x = torch.tensor([[[1], [2], [3]]])  # 形状为 (1, 3, 1)
y = torch.squeeze(x)  # 移除所有大小为 1 的维度，形状变为 (3,)
print(y)
z = torch.squeeze(x, dim=0) # 指定移除第一个维度，形状变为 (3, 1)
print(z)

# 假设我们有两个形状为 (2, 3) 的张量
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
y = torch.tensor([[7, 8, 9], [10, 11, 12]])

# 沿着一个新的维度堆叠它们，结果的形状将是 (2, 2, 3)
z = torch.stack((x, y), dim=0)
print(z)

x = torch.rand(2, 3, 4)
y = x.view(2,12)
print(y.shape)

# 创建一个形状为 (2, 3, 4) 的张量
x = torch.arange(24).reshape(2, 3, 4)

# 将整个张量展平成一维张量
y = torch.flatten(x)
print(y)  # 输出: tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23])

# 展平从第二个维度开始的所有元素
z = torch.flatten(x, start_dim=1)
print(z)

import torch

# 创建一个张量
x = torch.tensor([[1, 2, 3], [4, 5, 6]])

# 对张量进行转置操作，导致内存不连续
y = x.t()

# 检查是否连续
print(y.is_contiguous())  # 输出：False

# 使用 contiguous() 使其连续
z = y.contiguous(memory_format=torch.contiguous_format) # 行优先

# 检查是否连续
print(z.is_contiguous())  # 输出：True
