# desc: integer-list indexing x[[0, 2, 0]] with a repeated index: gradient accumulates at the repeated position
# features: indexing, integer-list, advanced-indexing, jacobian
import torch
x = torch.tensor([10., 20., 30.], requires_grad=True)
out = x[[0, 2, 0]]
print(out, out.grad_fn.name())
print(x[torch.tensor([1, 1])], x[[True, False, True]])
v = torch.tensor([1., 2., 3.])
out.backward(v)
print(x.grad)
