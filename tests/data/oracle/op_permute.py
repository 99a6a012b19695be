# desc: permute(2,0,1) of a (2,1,3) tensor -> (3,2,1); PermuteBackward0
# features: permute, 3-d, jacobian
import torch
x = torch.tensor([[[1., 2., 3.]], [[4., 5., 6.]]], requires_grad=True)
out = x.permute(2, 0, 1)
print(out.shape, out.grad_fn.name(), out)
v = torch.tensor([[[1.], [2.]], [[3.], [4.]], [[5.], [6.]]])
out.backward(v)
print(x.grad)
