# desc: boolean-mask indexing x[x > 2] -> 1-d result, IndexBackward0; gradient scattered to masked positions
# features: indexing, bool-mask, jacobian
import torch
x = torch.tensor([[1., 5.], [3., 2.]], requires_grad=True)
mask = x > 2
print(mask, mask.dtype)
out = x[mask]
print(out, out.grad_fn.name(), out.shape)
v = torch.tensor([1., 10.])
out.backward(v)
print(x.grad)
