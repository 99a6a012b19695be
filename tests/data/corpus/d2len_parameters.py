# Source: d2l-ai/d2l-en (Dive into Deep Learning) (https://github.com/d2l-ai/d2l-en)
# File: chapter_builders-guide/parameters.md
# License: Apache-2.0 (code), CC-BY-SA-4.0 (text)
# Changes: code blocks of the page concatenated (the 'pytorch' tab and 'all'). dropped lines (magics/plotting/display): %%tab pytorch
import torch
from torch import nn

net = nn.Sequential(nn.LazyLinear(8),
                    nn.ReLU(),
                    nn.LazyLinear(1))

X = torch.rand(size=(2, 4))
net(X).shape

net[2].state_dict()

type(net[2].bias), net[2].bias.data

net[2].weight.grad == None

[(name, param.shape) for name, param in net.named_parameters()]

# We need to give the shared layer a name so that we can refer to its
# parameters
shared = nn.LazyLinear(8)
net = nn.Sequential(nn.LazyLinear(8), nn.ReLU(),
                    shared, nn.ReLU(),
                    shared, nn.ReLU(),
                    nn.LazyLinear(1))

net(X)
# Check whether the parameters are the same
print(net[2].weight.data[0] == net[4].weight.data[0])
net[2].weight.data[0, 0] = 100
# Make sure that they are actually the same object rather than just having the
# same value
print(net[2].weight.data[0] == net[4].weight.data[0])
