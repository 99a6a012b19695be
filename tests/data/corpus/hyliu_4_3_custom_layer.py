# Source: HyLiu-cn/Learning_pytorch (学习笔记, Chinese notes on Dive-into-DL-PyTorch) (https://github.com/HyLiu-cn/Learning_pytorch)
# File: chapter_04/4.3_自定义层.ipynb
# Changes: notebook code cells concatenated
import torch
import numpy as np
import sys

class CLayer(torch.nn.Module):
    def __init__(self,**kwargs):
        super(CLayer,self).__init__(**kwargs)
        
    def forward(self,x):
        return x - x.mean()

layer = CLayer()
layer(torch.tensor([1,2,3,4,5],dtype=torch.float)) # 实例化这个层，然后做前向计算

# 也可以用它来构造更复杂的模型
net = torch.nn.Sequential(torch.nn.Linear(8,4),CLayer())
y = net(torch.randn(2,8))
y

class MyListDense(torch.nn.Module):
    def __init__(self):
        super(MyListDense,self).__init__()
        self.params = torch.nn.ParameterList([torch.nn.Parameter(torch.randn(4,4)) for i in range(3)])
        self.params.append(torch.nn.Parameter(torch.randn(4,1)))
        
    def forward(self,x):
        for i in range(len(self.params)):
            x = torch.mm(x,self.params[i])
            
        return x

net = MyListDense()
net

# 而 ParameterDict 接收一个 Parameter 实例的字典作为输入然后得到一个参数字典,然后可以按照字典的规则使用了
class MyDictDense(torch.nn.Module):
    def __init__(self):
        super(MyDictDense,self).__init__()
        self.params = torch.nn.ParameterDict({
            'linear1':torch.nn.Parameter(torch.randn(4,4)),
            'linear2':torch.nn.Parameter(torch.randn(4,1))
        })
        
        self.params.update({'linear3':torch.nn.Parameter(torch.randn(4,2))})
    def forward(self,x,i='linear1'):
        out = torch.mm(x,self.params[i])
        return out

net = MyDictDense()
net

# 使用自定义层构造模型
net = torch.nn.Sequential(
    MyDictDense(),
    MyListDense()
)
net
