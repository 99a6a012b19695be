# Source: PyTorch documentation, torch.Tensor.register_hook and torch.Tensor.register_post_accumulate_grad_hook (https://pytorch.org/docs/stable/generated/torch.Tensor.register_hook.html)
# File: pytorch/pytorch torch/_tensor.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the two methods' examples concatenated in the order of the file; the doctest prompts (>>> / ...) and the shown outputs removed; the page's assumed import added (import torch)
import torch
v = torch.tensor([0., 0., 0.], requires_grad=True)
h = v.register_hook(lambda grad: grad * 2)  # double the gradient
v.backward(torch.tensor([1., 2., 3.]))
v.grad
h.remove()  # removes the hook
v = torch.tensor([0., 0., 0.], requires_grad=True)
lr = 0.01
# simulate a simple SGD update
h = v.register_post_accumulate_grad_hook(lambda p: p.add_(p.grad, alpha=-lr))
v.backward(torch.tensor([1., 2., 3.]))
v
h.remove()  # removes the hook
