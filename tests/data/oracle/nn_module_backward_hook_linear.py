# the deprecated Module.register_backward_hook: a hook of the node that made the output
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)


def show(module, grad_input, grad_output):
    print(type(module).__name__, len(grad_input), len(grad_output))
    print([None if g is None else tuple(g.shape) for g in grad_input])
    print(grad_output[0])


handle = lin.register_backward_hook(show)
x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
out = lin(x).sum()
out.backward()
print(x.grad)
handle.remove()
lin.zero_grad()
lin(x).sum().backward()
print(lin.weight.grad)
