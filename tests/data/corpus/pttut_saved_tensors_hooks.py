# Source: pytorch/tutorials (https://github.com/pytorch/tutorials), "Hooks for autograd saved tensors"
# File: intermediate_source/autograd_saved_tensors_hooks_tutorial.py (commit 4a7bbb95617c3205bf25a5b37e262d577eb82847)
# License: BSD-3-Clause
# Changes: the tutorial's prose (module docstring, the comment blocks between sections, figures) omitted; its first part taken, sections "Saved tensors" and "Saved tensors hooks" up to the subsection "Some unconventional examples" (the rest evals a tensor's repr, uses pinned memory, writes files to disk and wraps a module in nn.DataParallel); code as written
import torch

a = torch.randn(5, requires_grad=True)
b = torch.ones(5, requires_grad=True)
y = a * b

print(y.grad_fn._saved_self)
print(y.grad_fn._saved_other)

def f(x):
    return x * x

x = torch.randn(5, requires_grad=True)
y = f(f(f(x)))

a = torch.randn(5, requires_grad=True)
b = torch.ones(5, requires_grad=True)
y = a * b

print(y.grad_fn._saved_self is a)   # True
print(y.grad_fn._saved_other is b)  # True

a = torch.randn(5, requires_grad=True)
y = torch.exp(a)
print(y.grad_fn._saved_result.equal(y))  # True
print(y.grad_fn._saved_result is y)      # False

def pack_hook(x):
    print("Packing", x)
    return x

def unpack_hook(x):
    print("Unpacking", x)
    return x
a = torch.ones(5, requires_grad=True)
b = torch.ones(5, requires_grad=True) * 2

with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b

y.sum().backward()

x = torch.randn(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda x: x * 4, lambda x: x / 4):
    y = torch.pow(x, 2)
y.sum().backward()
assert(x.grad.equal(2 * x))
