# desc: slice assignment out[:, 1] = x into a zeros(2,3) and out[0, 1:] = a constant: gradient only for the surviving positions
# features: index-assignment, slice-assignment, CopySlices, jacobian
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = torch.zeros(2, 3)
out[:, 1] = x * 3
out[0, 1:] = torch.tensor([7., 8.])
print(out, out.grad_fn.name(), out._version)
v = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
out.backward(v)
print(x.grad)
