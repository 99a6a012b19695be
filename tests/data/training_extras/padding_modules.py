# The padding modules (F.pad in a module: constant, zero, reflection, replication) and Softmax2d
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(1, 2, 3, 3, requires_grad=True)
for m in (nn.ZeroPad2d(1), nn.ZeroPad2d((1, 0, 2, 0)), nn.ConstantPad2d((0, 1, 1, 0), 2.5), nn.ReflectionPad2d(2),
          nn.ReflectionPad2d((1, 0, 0, 2)), nn.ReplicationPad2d((2, 1, 0, 1)), nn.ZeroPad3d(1)):
    y = m(x)
    print(m, type(m), m.padding, tuple(y.shape), y.grad_fn.name())
    (g,) = torch.autograd.grad(y.pow(2).sum(), x)
    print(g[0, 0])
print(nn.ZeroPad2d(1)(x)[0, 1])
s = torch.randn(2, 5, requires_grad=True)
for m in (nn.ZeroPad1d(2), nn.ConstantPad1d((3, 1), -1.0), nn.ReflectionPad1d(2), nn.ReplicationPad1d((0, 3)),
          nn.ConstantPad3d(1, 0.5)):
    try:
        y = m(s)
        print(m, y, y.grad_fn.name())
    except Exception as e:
        print(m, type(e).__name__, e)
print(nn.ReflectionPad1d((1, 2)).padding, nn.ConstantPad2d(1, 0).value, nn.ZeroPad1d(3).value)

sm = nn.Softmax2d()
print(sm, type(sm))
p = sm(x)
print(p, p.sum(dim=1))
p[:, 0].sum().backward()
print(x.grad)
print(sm(torch.randn(2, 2, 2)).grad_fn)
try:
    sm(torch.randn(2, 3))
except ValueError as e:
    print(e)
net = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(2, 3, 3), nn.Softmax2d())
print(net)
print(net(x).shape)
