# desc: F.conv2d with bias, stride and padding (ConvolutionBackward0), padding='same' and 'valid', dilation, groups, an unbatched (C, H, W) input (UnsqueezeBackward0/SqueezeBackward1 around it); grads of input, weight and bias
# features: nn.functional, conv2d, stride, padding, dilation, groups, unbatched, ConvolutionBackward0
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


img = torch.tensor([((i * 37) % 29 - 14) / 9 for i in range(2 * 3 * 6 * 6)]).reshape(2, 3, 6, 6).requires_grad_()
k = torch.tensor([((i * 11) % 17 - 8) / 7 for i in range(4 * 3 * 3 * 3)]).reshape(4, 3, 3, 3).requires_grad_()
bias = torch.tensor([0.1, -0.2, 0.3, 0.0], requires_grad=True)
y = F.conv2d(img, k, bias, stride=2, padding=1)
print(y.shape, y.grad_fn.name(), names(y.grad_fn))
print(y[0, :, 0])
same = F.conv2d(img, k, padding="same", dilation=2)
valid = F.conv2d(img, k, padding="valid")
print(same.shape, valid.shape)
g = F.conv2d(img, k[:, :1].repeat(1, 1, 1, 1)[:3], groups=3)
print(g.shape, g[1, 2, 1])
one = F.conv2d(img[0], k, bias)
print(one.shape, one.grad_fn.name(), names(one.grad_fn.next_functions[0][0]))
(valid * valid).sum().backward()
print(img.grad[1, 2])
print(k.grad[3])
print(bias.grad)
img.grad = k.grad = bias.grad = None
(one * one).sum().backward()
print(img.grad[0, 1])
print(k.grad[0])
print(bias.grad)
((y ** 2).sum() + same.sum() * 0.5 + g.sum() * 0.1).backward()
