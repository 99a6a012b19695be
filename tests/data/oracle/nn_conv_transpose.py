# desc: F.conv_transpose2d (stride, padding, output_padding, groups, bias; ConvolutionBackward0 with transposed=True) and F.conv_transpose1d on an unbatched input, in float64; grads of input, weight and bias
# features: nn.functional, conv_transpose2d, conv_transpose1d, output_padding, groups, float64
import torch
import torch.nn.functional as F
x = torch.tensor([((i * 13) % 11 - 5) / 4 for i in range(2 * 4 * 3 * 3)], dtype=torch.float64).reshape(2, 4, 3, 3)
x.requires_grad_()
w = torch.tensor([((i * 7) % 9 - 4) / 4 for i in range(4 * 2 * 3 * 3)], dtype=torch.float64).reshape(4, 2, 3, 3)
w.requires_grad_()
b = torch.tensor([0.5, -0.25, 1.0, 0.0], dtype=torch.float64, requires_grad=True)
y = F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1, groups=2)
print(y.shape, y.grad_fn.name())
print(y[1, 3])
s = torch.tensor([[1.0, -2.0, 0.5, 3.0], [0.0, 1.5, -1.0, 2.0]], dtype=torch.float64, requires_grad=True)
k = torch.tensor([[[1.0, 0.5, -1.0]], [[0.25, -0.5, 2.0]]], dtype=torch.float64)
z = F.conv_transpose1d(s, k, stride=2)
print(z, z.grad_fn.name())
((y ** 2).sum() + (z * z).sum()).backward()
print(x.grad[0, 1])
print(w.grad[2, 1])
print(b.grad, s.grad)
