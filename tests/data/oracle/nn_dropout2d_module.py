# desc: nn.Dropout2d and nn.Dropout1d modules after manual_seed: whole channels zeroed with PyTorch's draws; a 2-D input to Dropout2d warns as PyTorch warns; eval() turns them off; the printed module tree
# features: nn, dropout, random
import torch
import torch.nn as nn
torch.manual_seed(0)
d2 = nn.Dropout2d(p=0.5)
d1 = nn.Dropout1d(0.3)
x = torch.ones(2, 4, 2, 2, requires_grad=True)
y = d2(x)
print(y[:, :, 0, 0], y.grad_fn.name())
print(d1(torch.ones(2, 3, 4))[:, :, 0])
print(d2(torch.ones(3, 5)))
net = nn.Sequential(nn.Linear(4, 4), nn.Dropout2d(0.25), nn.Dropout1d())
print(net)
d2.eval()
print(d2(x) is x, d2.training)
y.sum().backward()
print(x.grad[:, :, 0, 0])
