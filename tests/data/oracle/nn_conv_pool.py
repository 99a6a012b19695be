# desc: F.max_pool2d (MaxPool2DWithIndicesBackward0; stride defaults to the kernel; padding, ceil_mode, return_indices, a 3-d input), F.avg_pool2d (count_include_pad, ceil_mode), F.max_pool1d/avg_pool1d (views around the 2-d pools), F.adaptive_avg_pool2d (1x1 is a mean)
# features: nn.functional, max_pool2d, avg_pool2d, max_pool1d, avg_pool1d, adaptive_avg_pool2d, return_indices, ceil_mode
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


x = torch.tensor([((i * 23) % 31 - 15) / 8 for i in range(2 * 5 * 5)]).reshape(1, 2, 5, 5).requires_grad_()
m = F.max_pool2d(x, 2)
print(m, m.grad_fn.name())
mp, idx = F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, return_indices=True)
print(mp.shape, idx)
a = F.avg_pool2d(x, 3, stride=2, padding=1)
a2 = F.avg_pool2d(x, 2, ceil_mode=True, count_include_pad=False)
print(a, a.grad_fn.name())
print(a2)
t = F.max_pool2d(x[0], kernel_size=(2, 3), stride=(1, 2))
print(t.shape, t.grad_fn.name())
s = x[0, :, 0]
m1 = F.max_pool1d(s, 2)
a1 = F.avg_pool1d(s, 3, stride=1)
print(m1, m1.grad_fn.name(), names(m1.grad_fn))
print(a1)
ad = F.adaptive_avg_pool2d(x, (2, 3))
g1 = F.adaptive_avg_pool2d(x, 1)
print(ad, ad.grad_fn.name())
print(g1.shape, g1.grad_fn.name())
(m.sum() + (mp ** 2).sum() + a.sum() * 2 + a2.sum() + t.sum() + m1.sum() + a1.sum() + (ad ** 2).sum() + g1.sum()).backward()
print(x.grad)
