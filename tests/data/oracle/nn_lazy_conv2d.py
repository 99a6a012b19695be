# desc: nn.LazyConv2d and LazyConv1d: printed before the first call (in_channels 0), in_channels taken from the first input, the weight drawn then as Conv2d draws it after manual_seed, the module becoming a Conv2d; an input of the wrong rank refused
# features: nn, conv, random
import torch
from torch import nn
torch.manual_seed(0)
conv = nn.LazyConv2d(2, kernel_size=3, padding=1)
print(conv)
y = conv(torch.rand(1, 3, 4, 4))
print(y.shape, conv.weight.shape, type(conv).__name__, conv)
print(conv.bias, y.sum())
c1 = nn.LazyConv1d(1, 2, bias=False)
print(c1(torch.ones(2, 5)).shape, c1.weight)
nn.LazyConv2d(1, 2)(torch.ones(3, 3))
