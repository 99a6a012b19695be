# Source: chenyuntc/pytorch-book (https://github.com/chenyuntc/pytorch-book)
# File: Chapter4/Chapter4.ipynb
# Commit: 688951721d11cd3f92440801e1b68b65ae2e439f
# License: MIT
# Changes: notebook code cells concatenated. only code cells 0,43:61 (0-based) kept
# Note: the chapter's notebook is a series of sections; this program is one section with the chapter's first cell (import torch as t, from torch import nn): section 4.6 (nn.Module internals) up to saving; the torch.save/torch.load cells (61, 62) write files and are left out
import torch as t
from torch import nn
print(t.__version__)
class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        # 等价与self.register_parameter('param1' ,nn.Parameter(t.randn(3, 3)))
        self.param1 = nn.Parameter(t.rand(3, 3))
        self.submodel1 = nn.Linear(3, 4) 
    def forward(self, input):
        x = self.param1.mm(input)
        x = self.submodel1(x)
        return x
net = Net()
net
net._modules
net._parameters
net.param1 # 等价于net._parameters['param1']
for name, param in net.named_parameters():
    print(name, param.size())
for name, submodel in net.named_modules():
    print(name, submodel) # 当前module和他的子module
bn = nn.BatchNorm1d(2)
input = t.rand(3, 2)
output = bn(input)
bn._buffers
input = t.arange(0, 12).view(3, 4).float()
model = nn.Dropout()
# 在训练阶段，会有一半左右的数被随机置为0
model(input)
model.training  = False
# 在测试阶段，dropout什么都不做
model(input)
net.training, net.submodel1.training
net.eval() # eval()将所有的training属性设为False
net.training, net.submodel1.training
list(net.named_modules())
module = nn.Module()
module.param = nn.Parameter(t.ones(2, 2))
module._parameters
submodule1 = nn.Linear(2, 2)
submodule2 = nn.Linear(2, 2)
module_list = [submodule1, submodule2]
# 对于list对象，调用buildin函数，保存在__dict__中
module.submodules = module_list
print('_modules: ', module._modules)
print("__dict__['submodules']:",module.__dict__.get('submodules'))
module_list = nn.ModuleList(module_list)
module.submodules = module_list
print('ModuleList is instance of nn.Module: ', isinstance(module_list, nn.Module))
print('_modules: ', module._modules)
print("__dict__['submodules']:", module.__dict__.get('submodules'))
getattr(module, 'training') # 等价于module.training
# error
# module.__getattr__('training')
module.attr1 = 2
getattr(module, 'attr1')
# 报错
# module.__getattr__('attr1')
# 即module.param, 会调用module.__getattr__('param')
getattr(module, 'param')
