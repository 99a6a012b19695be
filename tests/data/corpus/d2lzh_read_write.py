# Source: d2l-ai/d2l-zh (动手学深度学习) (https://github.com/d2l-ai/d2l-zh)
# File: chapter_deep-learning-computation/read-write.md (commit e6b18ccea71451a55fcd861d7b96fddf2587b09a)
# License: Apache-2.0
# Changes: code blocks of the page concatenated (the 'pytorch' tab and 'all')
#@tab pytorch
import torch
from torch import nn
from torch.nn import functional as F

x = torch.arange(4)
torch.save(x, 'x-file')
#@tab pytorch
x2 = torch.load('x-file')
x2
#@tab pytorch
y = torch.zeros(4)
torch.save([x, y],'x-files')
x2, y2 = torch.load('x-files')
(x2, y2)
#@tab pytorch
mydict = {'x': x, 'y': y}
torch.save(mydict, 'mydict')
mydict2 = torch.load('mydict')
mydict2
#@tab pytorch
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(20, 256)
        self.output = nn.Linear(256, 10)

    def forward(self, x):
        return self.output(F.relu(self.hidden(x)))

net = MLP()
X = torch.randn(size=(2, 20))
Y = net(X)
#@tab pytorch
torch.save(net.state_dict(), 'mlp.params')
#@tab pytorch
clone = MLP()
clone.load_state_dict(torch.load('mlp.params'))
clone.eval()
#@tab pytorch, paddle
Y_clone = clone(X)
Y_clone == Y
