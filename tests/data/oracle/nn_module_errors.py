# the errors PyTorch raises for modules, word for word
import torch
import torch.nn as nn


class Early(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(2, 2)
        super().__init__()


class NoForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)

    def forward(self, x):
        return self.fc(x)


for make in [Early, lambda: NoForward()(torch.ones(2)), lambda: Net().missing,
             lambda: setattr(Net(), "fc", torch.ones(2)), lambda: setattr(Net().fc, "weight", torch.ones(2)),
             lambda: Net().register_buffer("fc", torch.ones(1)), lambda: Net().register_parameter("a.b", None),
             lambda: Net().register_parameter("q", torch.ones(1)), lambda: Net().add_module("x", 3),
             lambda: nn.Sequential(nn.ReLU())[3], lambda: nn.ModuleList([nn.ReLU()])[-2],
             lambda: nn.Dropout(1.5)]:
    try:
        make()
    except (AttributeError, TypeError, KeyError, NotImplementedError, IndexError, ValueError) as e:
        print(type(e).__name__, e)

net = Net()
other = Net()
print(other.load_state_dict(net.state_dict()))
print(torch.equal(other.fc.weight, net.fc.weight))
try:
    other.load_state_dict({"fc.weight": torch.zeros(3, 2), "fc.extra": torch.zeros(1)})
except RuntimeError as e:
    print(e)
try:
    other.load_state_dict({"fc.weight": torch.zeros(2, 2), "fc.bias": torch.zeros(3)})
except RuntimeError as e:
    print(e)
r = other.load_state_dict({"fc.weight": torch.zeros(3, 2)}, strict=False)
print(r.missing_keys, r.unexpected_keys)
print(other.fc.weight)
