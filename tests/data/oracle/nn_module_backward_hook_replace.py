# a deprecated backward hook that returns new gradients for the node's inputs; no warning when the
# node's inputs are the module's inputs
import torch
import torch.nn as nn


class Exp(nn.Module):
    def forward(self, x):
        return x.exp()


def double(module, grad_input, grad_output):
    print(len(grad_input), grad_input[0])
    return (grad_input[0] * 2,)


m = Exp()
m.register_backward_hook(double)
a = torch.tensor([0.0, 1.0], requires_grad=True)
h = a * 1
total = m(h).sum()
total.backward()
print(a.grad)
