# desc: y = zeros(2,3) (no grad); y[0,0] = x[0]*2 and y[1,2] = x[1]**2 -> y becomes a non-leaf with grad_fn CopySlices
# features: index-assignment, CopySlices, in-place, version, jacobian
import torch
x = torch.tensor([1., 3.], requires_grad=True)
out = torch.zeros(2, 3)
print(out.is_leaf, out.requires_grad)
out[0, 0] = x[0] * 2
out[1, 2] = x[1] ** 2
print(out, out.grad_fn.name(), out.is_leaf, out._version)
print([n.name() if n is not None else None for n, _ in out.grad_fn.next_functions])
v = torch.tensor([[1., 1., 1.], [1., 1., 1.]])
out.backward(v)
print(x.grad)
