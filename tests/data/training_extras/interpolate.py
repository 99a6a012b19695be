# F.interpolate / nn.Upsample: nearest, linear, bilinear (align_corners both ways), trilinear, nearest-exact,
# their grad_fn names and gradients, as a decoder or a super-resolution tutorial calls them
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 2, 3, 4, requires_grad=True)
for kw in ({"scale_factor": 2, "mode": "nearest"}, {"size": (5, 7), "mode": "nearest"},
           {"scale_factor": 2, "mode": "bilinear"}, {"scale_factor": 2, "mode": "bilinear", "align_corners": True},
           {"size": (4, 9), "mode": "bilinear", "align_corners": False}, {"scale_factor": 1.5, "mode": "bilinear"},
           {"scale_factor": (0.7, 2.5), "mode": "nearest-exact"}, {"size": 2, "mode": "area"}):
    y = F.interpolate(x, **kw)
    print(kw, tuple(y.shape), y.grad_fn.name())
    print(y)
    (g,) = torch.autograd.grad((y * torch.arange(y.numel()).reshape(y.shape)).sum(), x)
    print(g)

s = torch.linspace(-1, 1, 5).reshape(1, 1, 5).requires_grad_()
for ac in (False, True):
    y = F.interpolate(s, scale_factor=2.5, mode="linear", align_corners=ac)
    y.pow(2).sum().backward()
    print(y, y.grad_fn.name(), s.grad)
    s.grad = None
v = torch.randn(1, 1, 2, 2, 3, requires_grad=True)
y = F.interpolate(v, size=(3, 3, 4), mode="trilinear")
y.sum().backward()
print(y.grad_fn.name(), y.sum().item(), v.grad)
print(F.interpolate(v, scale_factor=2).grad_fn.name())

# a small decoder: conv features upsampled back to the image size
up = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.ReLU(), nn.Upsample(scale_factor=2, mode="bilinear",
                                                                         align_corners=False), nn.Conv2d(4, 1, 1))
print(up)
out = up(torch.randn(2, 2, 8, 8))
loss = out.pow(2).mean()
loss.backward()
# (rounded: a convolution's float32 sums are MKL's or oneDNN's, whose order differs between CPUs)
print(out.shape, round(loss.item(), 5), round(up[0].weight.grad.sum().item(), 5), up[3].weight.grad)
print(nn.UpsamplingNearest2d(scale_factor=3), nn.UpsamplingBilinear2d(size=(4, 6)), nn.Upsample(size=5))
b = nn.UpsamplingBilinear2d(scale_factor=2)(x)
print(b.grad_fn.name(), b[0, 0])

# double backward: the gradient of a gradient
x2 = torch.randn(1, 1, 2, 3, requires_grad=True)
w = torch.randn(1, 1, 4, 6, requires_grad=True)
y = F.interpolate(x2, scale_factor=2, mode="bilinear")
(gx,) = torch.autograd.grad((y * w).sum(), x2, create_graph=True)
print(gx.grad_fn.name(), gx)
gx.pow(2).sum().backward()
print(w.grad)
y = F.interpolate(x2, scale_factor=2)
(gx,) = torch.autograd.grad((y * w).sum(), x2, create_graph=True)
print(gx.grad_fn.name())

for bad in ({"size": 4, "scale_factor": 2}, {}, {"scale_factor": 2, "mode": "nearest", "align_corners": True},
            {"scale_factor": 2, "mode": "linear"}, {"size": (1, 2, 3)}):
    try:
        F.interpolate(x, **bad)
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
