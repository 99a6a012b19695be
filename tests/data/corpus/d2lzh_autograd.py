# Source: d2l-ai/d2l-zh (动手学深度学习) (https://github.com/d2l-ai/d2l-zh)
# File: chapter_preliminaries/autograd.md
# License: Apache-2.0
# Changes: code blocks of the page concatenated (the 'pytorch' tab and 'all')
#@tab pytorch
import torch

x = torch.arange(4.0)
x

#@tab pytorch
x.requires_grad_(True)  # 等价于x=torch.arange(4.0,requires_grad=True)
x.grad  # 默认值是None

#@tab pytorch
y = 2 * torch.dot(x, x)
y

#@tab pytorch
y.backward()
x.grad

#@tab pytorch
x.grad == 4 * x

#@tab pytorch
# 在默认情况下，PyTorch会累积梯度，我们需要清除之前的值
x.grad.zero_()
y = x.sum()
y.backward()
x.grad

#@tab pytorch
# 对非标量调用backward需要传入一个gradient参数，该参数指定微分函数关于self的梯度。
# 本例只想求偏导数的和，所以传递一个1的梯度是合适的
x.grad.zero_()
y = x * x
# 等价于y.backward(torch.ones(len(x)))
y.sum().backward()
x.grad

#@tab pytorch
x.grad.zero_()
y = x * x
u = y.detach()
z = u * x

z.sum().backward()
x.grad == u

#@tab pytorch
x.grad.zero_()
y.sum().backward()
x.grad == 2 * x

#@tab pytorch
def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c

#@tab pytorch
a = torch.randn(size=(), requires_grad=True)
d = f(a)
d.backward()

#@tab pytorch
a.grad == d / a
