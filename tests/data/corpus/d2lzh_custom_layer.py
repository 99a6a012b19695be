# Source: d2l-ai/d2l-zh (动手学深度学习) (https://github.com/d2l-ai/d2l-zh)
# File: chapter_deep-learning-computation/custom-layer.md
# License: Apache-2.0
# Changes: code blocks of the page concatenated (the 'pytorch' tab and 'all')
#@tab pytorch
import torch
from torch import nn
import torch.nn.functional as F

class CenteredLayer(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, X):
        return X - X.mean()

#@tab pytorch
layer = CenteredLayer()
layer(torch.FloatTensor([1, 2, 3, 4, 5]))

#@tab pytorch, paddle
net = nn.Sequential(nn.Linear(8, 128), CenteredLayer())

#@tab pytorch
Y = net(torch.rand(4, 8))
Y.mean()

#@tab pytorch
class MyLinear(nn.Module):
    def __init__(self, in_units, units):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(in_units, units))
        self.bias = nn.Parameter(torch.randn(units,))
    def forward(self, X):
        linear = torch.matmul(X, self.weight.data) + self.bias.data
        return F.relu(linear)

#@tab pytorch, paddle
linear = MyLinear(5, 3)
linear.weight

#@tab pytorch
linear(torch.rand(2, 5))

#@tab pytorch
net = nn.Sequential(MyLinear(64, 8), MyLinear(8, 1))
net(torch.rand(2, 64))
