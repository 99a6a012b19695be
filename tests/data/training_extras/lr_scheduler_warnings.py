# The warnings PyTorch gives a scheduler stepped out of order, asked get_lr() outside step(), or given an epoch
import torch
from torch import nn, optim
from torch.optim import lr_scheduler

model = nn.Linear(3, 1)
opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
sched = lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=10)
sched.step()                      # before opt.step(): warns
print(sched.get_last_lr(), opt.param_groups[0]["momentum"])
opt.step()
sched.step()
print(sched.get_lr())             # outside step(): warns, gives the formula at the current epoch
lin = lr_scheduler.LinearLR(optim.SGD(model.parameters(), lr=0.1), total_iters=4)
lin.step(3)                       # an epoch: warns, the closed form
print(lin.get_last_lr(), lin.last_epoch)
poly = lr_scheduler.PolynomialLR(optim.SGD(model.parameters(), lr=0.1), total_iters=4, power=3.0)
poly.step(2)
print(poly.get_last_lr())
warm = lr_scheduler.CosineAnnealingWarmRestarts(optim.SGD(model.parameters(), lr=0.1), T_0=2, T_mult=3)
warm.step()                       # its own step(): no order warning
warm.step(7.5)                    # a float epoch lands inside a cycle
print(warm.get_last_lr(), warm.T_cur, warm.T_i, warm.last_epoch)
