# Source: PyTorch documentation, torch.autograd.graph.Node.register_hook (https://pytorch.org/docs/stable/generated/torch.autograd.graph.Node.register_hook.html)
# File: pytorch/pytorch torch/autograd/graph.py (the docstring's example)
# License: BSD-3-Clause
# Changes: the doctest prompts (>>> ) and the shown outputs removed
import torch
a = torch.tensor([0., 0., 0.], requires_grad=True)
b = a.clone()
assert isinstance(b.grad_fn, torch.autograd.graph.Node)
handle = b.grad_fn.register_hook(lambda gI, gO: (gO[0] * 2,))
b.sum().backward(retain_graph=True)
print(a.grad)
handle.remove() # Removes the hook
a.grad = None
b.sum().backward(retain_graph=True)
print(a.grad)
