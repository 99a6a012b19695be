# program classes deriving from nn.Linear and nn.Sequential: the layer's __init__, forward and
# reset_parameters reached through super(), a subclass's reset_parameters called by the layer
import torch
import torch.nn as nn
torch.manual_seed(0)
class MyLinear(nn.Linear):
    def __init__(self, i, o):
        super().__init__(i, o)
        self.k = 2
    def reset_parameters(self):
        nn.init.ones_(self.weight)
        nn.init.zeros_(self.bias)
    def forward(self, x):
        return super().forward(x) * self.k
class Stack(nn.Sequential):
    def __init__(self):
        super(Stack, self).__init__(nn.Linear(2, 3), nn.ReLU())
        self.add_module("out", MyLinear(3, 1))
class Plain(nn.Sequential):
    pass
m = MyLinear(2, 1)
print(m, m.in_features, m.weight, m(torch.ones(1, 2)))
s = Stack()
print(s, len(s), s[2].k, s(torch.ones(1, 2)).shape)
p = Plain(nn.Tanh(), nn.ReLU())
print(p, p[0], isinstance(p, nn.Sequential), type(p).__name__)
print([n for n, _ in s.named_parameters()])
