# desc: clone keeps the graph (CloneBackward0), detach shares storage and version counter with x, detach_ turns a non-leaf into a leaf; float()/int() of elements
# features: clone, detach, detach_, version, shared-storage, float, int, jacobian
import torch
x = torch.tensor([1.5, -2.5], requires_grad=True)
c = x.clone()
d = x.detach()
print(c.grad_fn.name(), c.is_leaf, c.requires_grad, d.requires_grad, d.is_leaf, d.grad_fn)
d[0] = 9.
print(x, x._version, d._version)
y = x * 2
y.detach_()
print(y.requires_grad, y.is_leaf, y.grad_fn)
print(float(x[1]), int(x[1]), int(torch.tensor(-2.7)))
out = c * 3
out.backward(torch.tensor([1., 1.]))
print(x.grad, c)
