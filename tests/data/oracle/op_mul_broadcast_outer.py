# desc: (2,1) * (1,3) broadcasting to (2,3) (outer product); grads reduce back to each operand's shape
# features: mul, broadcast, jacobian
import torch
a = torch.tensor([[1.], [2.]], requires_grad=True)
b = torch.tensor([[3., 4., 5.]], requires_grad=True)
out = a * b
print(out, out.grad_fn.name())
v = torch.tensor([[1., 0., 1.], [0., 1., 2.]])
out.backward(v)
print(a.grad, b.grad)
