# a node pre-hook returns a tuple of tensors (or None), not numbers
import torch

x = torch.ones(2, requires_grad=True)
y = x.exp()
y.grad_fn.register_prehook(lambda grad_outputs: (1.0,))
y.sum().backward()
