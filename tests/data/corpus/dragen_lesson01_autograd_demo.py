# Source: dragen1860/Deep-Learning-with-PyTorch-Tutorials (https://github.com/dragen1860/Deep-Learning-with-PyTorch-Tutorials), code for 龙良曲《深度学习与PyTorch入门实战》 course, lesson 01 (初见PyTorch)
# File: lesson01-PyTorch初见/autograd_demo.py (commit 7535c8fa04b69ac224189d201e1628282691e9a5)
# License: none stated in the repository
# Changes: none (the script as written)

import  torch
from    torch import autograd


x = torch.tensor(1.)
a = torch.tensor(1., requires_grad=True)
b = torch.tensor(2., requires_grad=True)
c = torch.tensor(3., requires_grad=True)

y = a**2 * x + b * x + c

print('before:', a.grad, b.grad, c.grad)
grads = autograd.grad(y, [a, b, c])
print('after :', grads[0], grads[1], grads[2])