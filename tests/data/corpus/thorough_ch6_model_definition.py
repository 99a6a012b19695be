# Source: datawhalechina/thorough-pytorch (《深入浅出PyTorch》) (https://github.com/datawhalechina/thorough-pytorch)
# File: notebook/第六章 PyTorch进阶训练技巧/PyTorch模型定义与进阶训练技巧.ipynb
# Commit: 80cdfceb31e37266cfe6fe9e867445bf711f4afa
# License: CC BY-NC-SA 4.0
# Changes: notebook code cells concatenated; the notebook's Point 1 (模型定义方式: code cells 0-10, 0-based) without its empty last cell; the unused torchvision import (import torchvision) dropped
import os
import numpy as np
import collections
import torch
import torch.nn as nn
import torch.nn.functional as F
## 讲解点：使用ordered dict更有助于一目了然模型结构，对于之后模型修改也非常有帮助
## Sequential: Direct list
import torch.nn as nn
net1 = nn.Sequential(
        nn.Linear(784, 256),
        nn.ReLU(),
        nn.Linear(256, 10), 
        )
print(net1)
## Sequential: Ordered Dict
import collections
import torch.nn as nn
net2 = nn.Sequential(collections.OrderedDict([
          ('fc1', nn.Linear(784, 256)),
          ('relu1', nn.ReLU()),
          ('fc2', nn.Linear(256, 10))
          ]))
print(net2)
# 试一下
a = torch.rand(4,784)
out1 = net1(a)
out2 = net2(a)
print(out1.shape==out2.shape, out1.shape)
## ModuleList
net3 = nn.ModuleList([nn.Linear(784, 256), nn.ReLU()])
net3.append(nn.Linear(256, 10)) # # 类似List的append操作
print(net3[-1])  # 类似List的索引访问
print(net3)
# 注意ModuleList 并没有定义一个网络，它只是将不同的模块储存在一起。此处应报错
out3 = net3(a)
class Net3(nn.Module):
    def __init__(self):
        super().__init__()
        self.modulelist = nn.ModuleList([nn.Linear(784, 256), nn.ReLU()])
        self.modulelist.append(nn.Linear(256, 10))
    
    def forward(self, x):
        for layer in self.modulelist:
            x = layer(x)
        return x
net3_ = Net3()
out3_ = net3_(a)
print(out3_.shape)
## ModuleDict
net4 = nn.ModuleDict({
    'linear': nn.Linear(784, 256),
    'act': nn.ReLU(),
})
net4['output'] = nn.Linear(256, 10) # 添加
print(net4['linear']) # 访问
print(net4.output)
# 同样地，ModuleDict并没有定义一个网络，它只是将不同的模块储存在一起。此处应报错。
# 正确使用方式同上
out4 = net4(a)
