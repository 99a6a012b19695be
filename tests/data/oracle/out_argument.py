# desc: the out= argument: the result written into the given tensor (the same object returned), resized with PyTorch's warning or silently when empty, cast to a wider dtype; refused under autograd, for a narrower dtype and for a non-tensor
# features: out, warning, error, dtype
import torch
x = torch.ones(2)
y = torch.ones(2)
result = torch.empty(2)
r2 = torch.add(x, y, out=result)
print(result, r2 is result)
torch.mul(x, 3, out=result)
print(result)
torch.exp(x, out=result)
print(result)
import warnings
o = torch.empty(3)
torch.add(torch.ones(2), 1, out=o)
print(o)
o = torch.empty(0); torch.add(torch.ones(2), 1, out=o); print(o)
o = torch.empty(2, dtype=torch.float64); torch.add(torch.ones(2), 1, out=o); print(o, o._version)
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    o = torch.empty(2); torch.add(x, 1, out=o); print(o)
for f in (lambda: torch.add(torch.ones(2), 1, out=torch.empty(2, dtype=torch.long)), lambda: torch.add(torch.ones(2), 1, out=[1]), lambda: torch.add(x, 1, out=torch.empty(2))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(torch.sum(torch.ones(3), 0, out=torch.empty(())), torch.cat([torch.ones(1), torch.zeros(1)], out=torch.empty(2)))
