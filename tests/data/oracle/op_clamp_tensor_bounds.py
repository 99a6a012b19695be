# desc: clamp with tensor min/max bounds requiring grad: ClampBackward of tensor bounds, which operand gets the gradient at each position
# features: clamp, tensor-bounds, boundary, jacobian
import torch
x = torch.tensor([-1., 0.5, 3.], requires_grad=True)
lo = torch.tensor([0., 0., 0.], requires_grad=True)
hi = torch.tensor([2., 2., 2.], requires_grad=True)
out = torch.clamp(x, lo, hi)
print(out, out.grad_fn.name())
v = torch.tensor([1., 2., 3.])
out.backward(v)
print(x.grad, lo.grad, hi.grad)
