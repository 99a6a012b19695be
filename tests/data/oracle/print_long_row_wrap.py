# desc: a 20-element row longer than 80 columns wraps onto several lines (float and int), and a (2,10) matrix
# features: print, linewidth, wrap
import torch
x = torch.arange(20.) * 1.5 + 0.125
print(x)
print(torch.arange(100, 120))
print(torch.arange(20.).reshape(2, 10) * 1000.5)
