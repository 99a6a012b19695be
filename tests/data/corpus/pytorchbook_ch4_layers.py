# Source: chenyuntc/pytorch-book (https://github.com/chenyuntc/pytorch-book)
# File: Chapter4/Chapter4.ipynb
# Commit: 688951721d11cd3f92440801e1b68b65ae2e439f
# License: MIT
# Changes: notebook code cells concatenated. only code cells 0,8,9,11,12,13,14 (0-based) kept
# Note: the chapter's notebook is a series of sections; this program is one section with the chapter's first cell (import torch as t, from torch import nn): section 4.2.1-4.2.2 (pooling, Linear, BatchNorm1d, Dropout, ReLU); the cells that need imgs/lena.png, PIL and torchvision (code cells 6, 7, 10) are left out
import torch as t
from torch import nn
print(t.__version__)
input = t.randint(10,(1,1,4,4))
print(input)
pool = nn.AvgPool2d(2,2) # 平均池化，池化中的卷积核为2*2，步长默认等于卷积核长度，无填充
pool(input)
list(pool.parameters()) # 可以看到，池化层中并没有可学习参数。
# 输入 batch_size=2，维度3
input = t.randn(2, 3)
linear = nn.Linear(3, 4)
h = linear(input)
h
# 4 channel，初始化标准差为4，均值为0
bn = nn.BatchNorm1d(4)
bn.weight.data = t.ones(4) * 4
bn.bias.data = t.zeros(4)

bn_out = bn(h)
print(bn_out)
# 注意输出的均值和方差
bn_out.mean(0),bn_out.std(0, unbiased=False)
# 每个元素以0.5的概率随机舍弃
dropout = nn.Dropout(0.5)
o = dropout(bn_out)
o # 有一半左右的数变为0
relu = nn.ReLU(inplace=True)
input = t.randn(2, 3)
print(input)
output = relu(input)
print(output) # 小于0的都被截断为0
# 等价于input.clamp(min=0)
