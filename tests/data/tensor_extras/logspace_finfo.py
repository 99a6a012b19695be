# torch.logspace (bit for bit: tests/core/test_creation_arange.py), torch.finfo and torch.iinfo
import torch
for a in [(0, 2, 5), (-10, 10, 5), (0, 1, 1), (0, 3, 4, 2), (0.1, 1.0, 5, 2), (-1.3, 2.7, 9)]:
    print(torch.logspace(*a[:3], base=a[3] if len(a) > 3 else 10.0))
print(torch.logspace(0, 2, 3, dtype=torch.int64), torch.logspace(0, 2, 0), torch.logspace(start=-10, end=10, steps=5))
print(torch.logspace(0, 1, 4, dtype=torch.float64))
try:
    torch.logspace(0, 1, -1)
except RuntimeError as e:
    print("RuntimeError:", e)
f = torch.finfo(torch.float32)
print(f)
print(f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.bits, f.dtype, type(f.eps).__name__)
print(torch.finfo(torch.float64), torch.finfo(), torch.finfo(torch.float16), torch.finfo(torch.complex64))
i = torch.iinfo(torch.int64)
print(i, i.max, i.min, i.bits, i.dtype, torch.iinfo(torch.uint8), torch.iinfo(torch.int32))
for bad in (lambda: torch.finfo(torch.int64), lambda: torch.iinfo(torch.float32)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
print(torch.finfo(torch.float32) == torch.finfo(torch.float32), torch.clamp(torch.tensor([0.0, 1.0]), min=torch.finfo(torch.float32).eps))
