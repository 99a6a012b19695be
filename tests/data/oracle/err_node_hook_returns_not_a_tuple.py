# a node post-hook must return a tuple (one gradient per input of the node) or None
import torch

x = torch.ones(2, requires_grad=True)
y = x.exp()
y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: grad_inputs[0] * 2)
y.sum().backward()
