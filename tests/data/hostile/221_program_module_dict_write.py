# expect: raised
# why: a program's nn.Module subclass gives the same read-only snapshot: writing forward through it is refused
import torch
from torch import nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
    def forward(self, x):
        return self.fc(x)
net = Net()
net.__dict__['forward'] = print
net(torch.ones(2))
