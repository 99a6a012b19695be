# Source: chenyuntc/pytorch-book (https://github.com/chenyuntc/pytorch-book)
# File: Chapter4/Chapter4.ipynb
# Commit: 688951721d11cd3f92440801e1b68b65ae2e439f
# License: MIT
# Changes: notebook code cells concatenated. only code cells 0,1,37:43 (0-based) kept
# Note: the chapter's notebook is a series of sections; this program is one section with the chapter's first cell (import torch as t, from torch import nn) and the custom Linear of 4.1 (code cell 1), which section 4.5 (optim) uses
import torch as t
from torch import nn
print(t.__version__)
class Linear(nn.Module): # 继承nn.Module，必须重写构造函数（__init__)和前向传播函数（forward）
    def __init__(self, in_features, out_features):
        super().__init__() # 等价于nn.Module.__init__(self)，常用super方式
        # nn.Parameter内的参数是网络可学习的参数
        self.w = nn.Parameter(t.randn(in_features, out_features))
        self.b = nn.Parameter(t.randn(out_features))
    
    def forward(self, x):
        x = x.mm(self.w) # 矩阵乘法，等价于x.@(self.w)
        return x + self.b.expand_as(x)
# 以本章4.1节的感知器为例
class Perceptron(nn.Module):
    def __init__(self, in_features, hidden_features, out_features):
        super(Perceptron, self).__init__()
        # 此处的Linear是前面自定义的全连接层
        self.layer1 = Linear(in_features, hidden_features) 
        self.layer2 = Linear(hidden_features, out_features)
    def forward(self, x):
        x = self.layer1(x)
        x = t.sigmoid(x)
        return self.layer2(x)

net=Perceptron(3,4,1)
from torch import optim
optimizer = optim.SGD(params=net.parameters(), lr=1)
optimizer.zero_grad() # 梯度清零，等价于net.zero_grad()

input = t.randn(32, 3)
output = net(input)
output.backward(output) # fake backward

optimizer.step() # 执行优化
weight_params = [param for name,param in net.named_parameters() if name.endswith('.w')]
bias_params = [param for name,param in net.named_parameters() if name.endswith('.b')]

optimizer =optim.SGD([
                {'params':bias_params},
                {'params': weight_params, 'lr': 1e-2}
            ], lr=1e-5)
optimizer
# 只为第一个全连接层设置较大的学习率，其余层的学习率较小
special_layers = nn.ModuleList([net.layer1])
special_layers_params = list(map(id, special_layers.parameters()))
base_params = [param for param in net.parameters() if id(param) not in special_layers_params]
optimizer = t.optim.SGD([
            {'params': base_params},
            {'params': special_layers.parameters(), 'lr': 0.01}
        ], lr=0.001 )
optimizer
# 调整学习率，新建一个optimizer
old_lr = 0.1
optimizer1 =optim.SGD([
                {'params': bias_params},
                {'params': weight_params, 'lr': old_lr*0.1}
            ], lr=1e-5)
optimizer1
# 调整学习率, 手动decay, 保存动量
for param_group in optimizer.param_groups:
    param_group['lr'] *= 0.1 # 学习率为之前的0.1倍
optimizer
