# Source: ShusenTang/Dive-into-DL-PyTorch (https://github.com/ShusenTang/Dive-into-DL-PyTorch)
# File: code/chapter03_DL-basics/3.1_linear-regression.ipynb
# License: Apache-2.0
# Changes: notebook code cells concatenated
import torch
from time import time

print(torch.__version__)

a = torch.ones(1000)
b = torch.ones(1000)

start = time()
c = torch.zeros(1000)
for i in range(1000):
    c[i] = a[i] + b[i]
print(time() - start)

start = time()
d = a + b
print(time() - start)

a = torch.ones(3)
b = 10
print(a + b)
