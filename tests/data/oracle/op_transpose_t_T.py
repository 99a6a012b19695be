# desc: transpose(0,1) -> TransposeBackward0, t() -> TBackward0, .T -> PermuteBackward0; is_contiguous; gradient transposed back
# features: transpose, t, T, contiguous, jacobian
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
a = x.transpose(0, 1)
b = x.t()
c = x.T
print(a.grad_fn.name(), b.grad_fn.name(), c.grad_fn.name(), a.is_contiguous(), a.shape)
out = a * 1 + b * 2 + c * torch.tensor([[1.], [10.], [100.]])
print(out, out.grad_fn.name())
v = torch.tensor([[1., 0.], [0., 1.], [1., 1.]])
out.backward(v)
print(x.grad)
