# torch.nn.utils.clip_grad_norm_ / clip_grad_value_ in a training step: the total norm returned, gradients scaled in place
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
loss = (net(torch.randn(5, 3)) ** 2).sum() * 10
loss.backward()
print(nn.utils.clip_grad_norm_(net.parameters(), 1.0))
print(net[0].weight.grad)
print(torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5, norm_type=float('inf')))
nn.utils.clip_grad_value_(net.parameters(), 0.01)
print(net[2].bias.grad)
