# desc: F.conv1d (ConvolutionBackward0 on a 3-d input, no view), padding='same' with an even kernel (ConstantPadNdBackward0 first, with PyTorch's warning), stride, unbatched input; torch.conv1d
# features: nn.functional, conv1d, padding-same, even-kernel, warning, torch.conv1d
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


sig = torch.tensor([[[0.5, -1.0, 2.0, 0.0, 1.5, -0.5, 0.25]], [[1.0, 1.0, -1.0, 0.5, 0.0, 2.0, -2.0]]], requires_grad=True)
w = torch.tensor([[[0.2, -0.5, 1.0]], [[1.0, 0.0, -1.0]]], requires_grad=True)
y = F.conv1d(sig, w, torch.tensor([0.5, -0.5]), stride=2)
print(y, names(y.grad_fn))
even = F.conv1d(sig, torch.tensor([[[1.0, -1.0]]]), padding="same")
print(even, even.grad_fn.name(), names(even.grad_fn))
u = torch.conv1d(sig[0], w, padding=1)
print(u.shape, u.grad_fn.name())
(y.sum() + (even ** 2).sum() + u.sum()).backward()
print(sig.grad)
print(w.grad)
