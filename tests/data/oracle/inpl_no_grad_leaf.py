# desc: under torch.no_grad() in-place update of a leaf requiring grad (SGD step) is allowed; stays a leaf, version bumps, grad kept
# features: in-place, no_grad, leaf, sub_, version, sgd-step
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = (x ** 2).sum()
out.backward()
with torch.no_grad():
    x -= 0.1 * x.grad
    x.add_(1)
print(x, x.requires_grad, x.is_leaf, x._version, x.grad, x.grad_fn)
