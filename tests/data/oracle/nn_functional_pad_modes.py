# desc: F.pad in reflect and replicate modes over one, two and three trailing dims (ReflectionPad1DBackward0, ReplicationPad2DBackward0, ...), a negative (cropping) amount, and the gradient: edge elements read several times sum their gradients
# features: nn.functional, pad, reflect, replicate
import torch
import torch.nn.functional as F
x = torch.arange(12.0).reshape(1, 3, 4).requires_grad_()
r1 = F.pad(x, (2, 3), mode="reflect")
r2 = F.pad(x, (1, 2, 2, 1), mode="reflect")
c1 = F.pad(x, (-1, 2), mode="reflect")
p1 = F.pad(x, (3, 1), mode="replicate")
p2 = F.pad(x, (1, 0, 2, 3), mode="replicate")
p3 = F.pad(x.unsqueeze(0), (1, 1, 0, 1, 1, 0), mode="replicate")
for y in (r1, r2, c1, p1, p2, p3):
    print(y.grad_fn.name(), tuple(y.shape))
print(r1, c1, p2, sep="\n")
out = r1.sum() + (r2 * r2).sum() + c1.sum() * 2 + (p1 * 3).sum() + p2.sum() + p3.sum()
out.backward()
print(x.grad)
