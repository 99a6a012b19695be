# Source: d2l-ai/d2l-zh (动手学深度学习) (https://github.com/d2l-ai/d2l-zh)
# File: chapter_deep-learning-computation/use-gpu.md (commit e6b18ccea71451a55fcd861d7b96fddf2587b09a)
# License: Apache-2.0
# Changes: code blocks of the page concatenated (the 'pytorch' tab and 'all'). dropped blocks [0, 7, 8, 9] (0-based among the pytorch/all blocks): the !nvidia-smi shell magic and the GPU-only blocks (X.cuda(1) and what uses Z)
#@tab pytorch
import torch
from torch import nn

torch.device('cpu'), torch.device('cuda'), torch.device('cuda:1')

#@tab pytorch
torch.cuda.device_count()

#@tab pytorch
def try_gpu(i=0):  #@save
    """如果存在，则返回gpu(i)，否则返回cpu()"""
    if torch.cuda.device_count() >= i + 1:
        return torch.device(f'cuda:{i}')
    return torch.device('cpu')

def try_all_gpus():  #@save
    """返回所有可用的GPU，如果没有GPU，则返回[cpu(),]"""
    devices = [torch.device(f'cuda:{i}')
             for i in range(torch.cuda.device_count())]
    return devices if devices else [torch.device('cpu')]

try_gpu(), try_gpu(10), try_all_gpus()

#@tab pytorch
x = torch.tensor([1, 2, 3])
x.device

#@tab pytorch
X = torch.ones(2, 3, device=try_gpu())
X

#@tab pytorch
Y = torch.rand(2, 3, device=try_gpu(1))
Y

#@tab pytorch
net = nn.Sequential(nn.Linear(3, 1))
net = net.to(device=try_gpu())

#@tab all
net(X)

#@tab pytorch
net[0].weight.data.device
