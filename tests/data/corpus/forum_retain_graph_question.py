# Source: PyTorch Forums, "Multiple call to backward still works when retain_graph=false, why?" (https://discuss.pytorch.org/t/multiple-call-to-backward-still-works-when-retain-graph-false-why/9475), the tutorial example quoted in the question
# Changes: nothing dropped
import torch
from torch.autograd import Variable
x = Variable(torch.ones(2, 2), requires_grad=True)
y = x + 2
y.backward(torch.ones(2, 2), retain_graph=True)
z = y * y
gradient = torch.randn(2, 2)
