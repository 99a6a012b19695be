# Module trees print as PyTorch prints them: nested children, containers, extra_repr
import torch
import torch.nn as nn
from collections import OrderedDict


class Block(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.lin = nn.Linear(n, n, bias=False)
        self.act = nn.Tanh()

    def extra_repr(self):
        return "n={}".format(self.n)

    def forward(self, x):
        return self.act(self.lin(x))


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.blocks = nn.ModuleList([Block(3) for _ in range(3)] + [nn.Identity()])
        self.heads = nn.ModuleDict({"cls": nn.Linear(3, 2), "reg": nn.Linear(3, 1)})
        self.norm = nn.BatchNorm1d(3)
        self.drop = nn.Dropout(0.25)


class Empty(nn.Module):
    pass


print(Net())
print(Empty())
print(Block(2))
seq = nn.Sequential(OrderedDict([("fc", nn.Linear(4, 2)), ("act", nn.Softmax(dim=1))]))
print(seq)
print(seq.fc)
print(seq[0], seq[-1])
print(seq[:1])
print(len(seq), len(Net().blocks))
for layer in [nn.LeakyReLU(0.2), nn.ELU(), nn.GELU(), nn.SiLU(), nn.Softplus(), nn.Hardtanh(), nn.PReLU(),
              nn.LogSoftmax(dim=-1), nn.Flatten(), nn.Unflatten(1, (2, 2)), nn.Embedding(5, 2),
              nn.LayerNorm(4), nn.BatchNorm2d(2), nn.AvgPool2d(2), nn.Conv1d(2, 3, 2, bias=False),
              nn.Bilinear(2, 3, 1), nn.MSELoss(), nn.CrossEntropyLoss(), nn.BCEWithLogitsLoss(), nn.NLLLoss(),
              nn.L1Loss(), nn.SmoothL1Loss(), nn.HuberLoss(), nn.BCELoss(), nn.KLDivLoss(), nn.ReLU(inplace=True)]:
    print(layer)
print(nn.ParameterList([nn.Parameter(torch.ones(2, 3)), nn.Parameter(torch.zeros(4))]))
