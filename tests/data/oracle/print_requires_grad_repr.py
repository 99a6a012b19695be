# desc: repr suffixes: requires_grad=True on leaves, grad_fn=<...Backward0> on results, none after detach or under no_grad
# features: print, requires_grad, grad_fn, detach, no_grad
import torch
x = torch.tensor([1., 2.], requires_grad=True)
print(x)
print(x + 1)
print(x.sum())
print(x.detach())
with torch.no_grad():
    print(x * 2)
print(x[0], x.max(dim=0))
