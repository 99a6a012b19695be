# 16 or more float32 normals: PyTorch's AVX2 build computes log, sin and cos with SLEEF,
# which rounds differently from numpy in about one element in seven (a few units in the last
# place); printed with four decimals they read the same.
import torch

torch.manual_seed(1)
x = torch.randn(4, 8)
print(x)
print(torch.rand(20))
print(torch.randn(100).sum().item() > -100)
