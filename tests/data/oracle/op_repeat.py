# desc: repeat(2, 2) of a (1,2) tensor -> (2,4); gradient sums the copies
# features: repeat, jacobian
import torch
x = torch.tensor([[1., 2.]], requires_grad=True)
out = x.repeat(2, 2)
print(out, out.grad_fn.name())
v = torch.tensor([[1., 2., 3., 4.], [5., 6., 7., 8.]])
out.backward(v)
print(x.grad)
