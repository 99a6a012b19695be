# expect: raised
# why: what a node hook returns is checked as PyTorch checks it (a tuple of tensors or None, one per input)
import torch
import torch.nn as nn
lin = nn.Linear(2, 2)
lin.register_backward_hook(lambda module, grad_input, grad_output: ("CANARY", object, print))
lin(torch.ones(1, 2, requires_grad=True)).sum().backward()
