# desc: x.data is a detached leaf sharing storage (writes show in x, no version bump on x); x.data = new tensor swaps values keeping grad
# features: data, detach, version, shared-storage, backward-with-gradient
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
d = x.data
print(d.requires_grad, d.is_leaf, d.grad_fn)
d[0] = 10.
print(x, x._version, d._version)
out = x * x
out.backward(torch.ones(3))
print(x.grad)
x.data = torch.tensor([5., 6., 7.])
print(x, x.requires_grad, x.grad)
