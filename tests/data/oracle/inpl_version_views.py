# desc: _version counter: plain in-place ops bump it, views share the base's counter, index assignment bumps it, out-of-place does not
# features: version, view, in-place, index-assignment
import torch
a = torch.zeros(4)
b = a.view(2, 2)
c = a[1:]
a.add_(1)
b.mul_(2)
c[0] = 5.
d = a + 1
print(a, a._version, b._version, c._version, d._version)
