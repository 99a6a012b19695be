# desc: assigning a tensor row out[1] = x (3-vector) and a broadcast scalar tensor out[0] = s into ones(2,3)
# features: index-assignment, row-assignment, broadcast, CopySlices, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
s = torch.tensor(5., requires_grad=True)
out = torch.ones(2, 3)
out[1] = x
out[0] = s * 2
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
out.backward(v)
print(x.grad, s.grad)
