# Source: PyTorch documentation, torch.autograd.graph (Node.name, Node.register_prehook, saved_tensors_hooks, register_multi_grad_hook, allow_mutation_on_saved_tensors) (https://pytorch.org/docs/stable/autograd.html#autograd-graph)
# File: pytorch/pytorch torch/autograd/graph.py (the docstrings' examples, as shipped in torch 2.13.0)
# License: BSD-3-Clause
# Changes: the examples of the file concatenated in its order, except Node.register_hook's (already ptdocs_node_register_hook), save_on_cpu's (CUDA only), disable_saved_tensors_hooks' (marked failing: it raises) and region_activation_memory_budget's (uses an undefined layer); the doctest prompts (>>> / ...), the xdoctest directives and the shown outputs removed
import torch
a = torch.tensor([0., 0., 0.], requires_grad=True)
b = a.clone()
assert isinstance(b.grad_fn, torch.autograd.graph.Node)
print(b.grad_fn.name())
a = torch.tensor([0., 0., 0.], requires_grad=True)
b = a.clone()
assert isinstance(b.grad_fn, torch.autograd.graph.Node)
handle = b.grad_fn.register_prehook(lambda gI: (gI[0] * 2,))
b.sum().backward(retain_graph=True)
print(a.grad)
handle.remove()
a.grad = None
b.sum().backward(retain_graph=True)
print(a.grad)
def pack_hook(x):
    print("Packing", x)
    return x.detach()

def unpack_hook(x):
    print("Unpacking", x)
    return x

a = torch.ones(5, requires_grad=True)
b = torch.ones(5, requires_grad=True) * 2
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b
y.sum().backward()
import torch

a = torch.rand(2, 3, requires_grad=True)
b = torch.rand(2, 3, requires_grad=True)
c = a * b
d = a * b

def fn(grads):
    print([g is not None for g in grads])

torch.autograd.graph.register_multi_grad_hook((a, b, c, d), fn)

c.sum().backward(retain_graph=True)
c.sum().backward(inputs=(a,), retain_graph=True)

import torch
with torch.autograd.graph.allow_mutation_on_saved_tensors():
    # forward
    a = torch.ones(2, 3, requires_grad=True)
    b = a.clone()
    out = (b**2).sum()
    b.sin_()
    # backward
    out.sum().backward()
