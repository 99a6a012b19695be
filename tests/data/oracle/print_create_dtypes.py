# desc: torch.tensor infers dtypes: float literals -> float32, dtype=float64, int literals -> int64, bools -> bool, mixed int/float list -> float32
# features: tensor, dtype-float32, dtype-float64, dtype-int64, dtype-bool, print, get_default_dtype
import torch
a = torch.tensor([1.0, 2.5])
b = torch.tensor([1.0, 2.5], dtype=torch.float64)
c = torch.tensor([1, 2, 3])
d = torch.tensor([True, False])
e = torch.tensor([1, 2.0])
print(a, a.dtype)
print(b, b.dtype)
print(c, c.dtype)
print(d, d.dtype)
print(e, e.dtype)
print(a.requires_grad, b.is_leaf, torch.get_default_dtype())
