# Source: PyTorch documentation, torch.autograd.functional (the "Functional higher level API" of the torch.autograd page) (https://pytorch.org/docs/stable/autograd.html#functional-higher-level-api)
# File: pytorch/pytorch torch/autograd/functional.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of vjp, jvp, jacobian, hessian, vhp and hvp concatenated in the order of the file; the doctest prompts (>>> / ...), the xdoctest directives and the shown outputs removed; the page's assumed imports added (import torch; the functions imported from torch.autograd.functional)
import torch
from torch.autograd.functional import vjp, jvp, jacobian, hessian, vhp, hvp
def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(4, 4)
v = torch.ones(4)
vjp(exp_reducer, inputs, v)
vjp(exp_reducer, inputs, v, create_graph=True)
def adder(x, y):
    return 2 * x + 3 * y
inputs = (torch.rand(2), torch.rand(2))
v = torch.ones(2)
vjp(adder, inputs, v)
def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(4, 4)
v = torch.ones(4, 4)
jvp(exp_reducer, inputs, v)
jvp(exp_reducer, inputs, v, create_graph=True)
def adder(x, y):
    return 2 * x + 3 * y
inputs = (torch.rand(2), torch.rand(2))
v = (torch.ones(2), torch.ones(2))
jvp(adder, inputs, v)
def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(2, 2)
jacobian(exp_reducer, inputs)
jacobian(exp_reducer, inputs, create_graph=True)
def exp_adder(x, y):
    return 2 * x.exp() + 3 * y
inputs = (torch.rand(2), torch.rand(2))
jacobian(exp_adder, inputs)
def linear_model(x):
    W = torch.tensor([[2.0, -1.0], [0.0, 1.0]])
    b = torch.tensor([1.0, 0.5])
    return x @ W.T + b
x = torch.randn(4, 2, requires_grad=True)
jac = jacobian(linear_model, x, vectorize=True)
jac.shape
def pow_reducer(x):
    return x.pow(3).sum()
inputs = torch.rand(2, 2)
hessian(pow_reducer, inputs)
hessian(pow_reducer, inputs, create_graph=True)
def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()
inputs = (torch.rand(2), torch.rand(2))
hessian(pow_adder_reducer, inputs)
def pow_reducer(x):
    return x.pow(3).sum()
inputs = torch.rand(2, 2)
v = torch.ones(2, 2)
vhp(pow_reducer, inputs, v)
vhp(pow_reducer, inputs, v, create_graph=True)
def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()
inputs = (torch.rand(2), torch.rand(2))
v = (torch.zeros(2), torch.ones(2))
vhp(pow_adder_reducer, inputs, v)
def pow_reducer(x):
    return x.pow(3).sum()
inputs = torch.rand(2, 2)
v = torch.ones(2, 2)
hvp(pow_reducer, inputs, v)
hvp(pow_reducer, inputs, v, create_graph=True)
def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()
inputs = (torch.rand(2), torch.rand(2))
v = (torch.zeros(2), torch.ones(2))
hvp(pow_adder_reducer, inputs, v)
