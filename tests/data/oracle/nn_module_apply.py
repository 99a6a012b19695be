# apply(fn) visits children first, then the module; to(dtype) and double() keep the Parameters
import torch
import torch.nn as nn

names = []


def visit(m):
    names.append(type(m).__name__)


def fill(m):
    if isinstance(m, nn.Linear):
        with torch.no_grad():
            m.weight.fill_(0.5)
            m.bias.zero_()


net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Tanh(), nn.Linear(2, 1)))
net.apply(visit)
print(names)
net.apply(fill)
print(net[1][1].weight)
w = net[0].weight
net.double()
print(net[0].weight.dtype, net[0].weight is w)
res = net(torch.ones(1, 2, dtype=torch.float64))
print(res.dtype)
net.to(torch.float32)
print(net[0].weight.dtype)
net.add_module("last", nn.Sigmoid())
net.append(nn.Identity())
print(net)
print(net.state_dict())
