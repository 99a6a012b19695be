# Source: PyTorch documentation, torch.no_grad, torch.enable_grad, torch.set_grad_enabled, torch.inference_mode, torch.autograd.enforce_grad_layout_policy (https://pytorch.org/docs/stable/generated/torch.no_grad.html)
# File: pytorch/pytorch torch/autograd/grad_mode.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of every class in the file concatenated in its order; the doctest prompts (>>> / ...), the xdoctest directives and the shown outputs removed; the page's assumed import added (import torch)
import torch
x = torch.tensor([1.], requires_grad=True)
with torch.no_grad():
    y = x * 2
y.requires_grad
@torch.no_grad()
def doubler(x):
    return x * 2
z = doubler(x)
z.requires_grad
@torch.no_grad()
def tripler(x):
    return x * 3
z = tripler(x)
z.requires_grad
# factory function exception
with torch.no_grad():
    a = torch.nn.Parameter(torch.rand(10))
a.requires_grad
x = torch.tensor([1.], requires_grad=True)
with torch.no_grad():
    with torch.enable_grad():
        y = x * 2
y.requires_grad
y.backward()
x.grad
@torch.enable_grad()
def doubler(x):
    return x * 2
with torch.no_grad():
    z = doubler(x)
z.requires_grad
@torch.enable_grad()
def tripler(x):
    return x * 3
with torch.no_grad():
    z = tripler(x)
z.requires_grad
x = torch.tensor([1.], requires_grad=True)
is_train = False
with torch.set_grad_enabled(is_train):
    y = x * 2
y.requires_grad
_ = torch.set_grad_enabled(True)
y = x * 2
y.requires_grad
_ = torch.set_grad_enabled(False)
y = x * 2
y.requires_grad
import torch
x = torch.ones(1, 2, 3, requires_grad=True)
with torch.inference_mode():
    y = x * x
y.requires_grad
y._version
@torch.inference_mode()
def func(x):
    return x * x
out = func(x)
out.requires_grad
@torch.inference_mode()
def doubler(x):
    return x * 2
out = doubler(x)
out.requires_grad
import torch
p = torch.empty(2, 3, 4).permute(2, 0, 1).requires_grad_()
with torch.autograd.enforce_grad_layout_policy(False):
    (p * 2).sum().backward()
    # p.grad may now have the same strides as the incoming
    # gradient rather than being forced to match p's strides.
