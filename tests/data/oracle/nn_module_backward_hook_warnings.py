# the FutureWarnings of the deprecated backward hook: outputs of two nodes, then a non-tensor input
import torch
import torch.nn as nn


class Two(nn.Module):
    def forward(self, x):
        return x * 2, x + 1


class Scaled(nn.Module):
    def forward(self, x, k):
        return x * k


def hook(module, grad_input, grad_output):
    print("hook", len(grad_input), len(grad_output))


x = torch.ones(2, requires_grad=True)
two = Two()
two.register_backward_hook(hook)
p, q = two(x)
(p.sum() + q.sum()).backward()
s = Scaled()
s.register_backward_hook(hook)
y = s(x, 3.0)
y.sum().backward()
print(x.grad)
