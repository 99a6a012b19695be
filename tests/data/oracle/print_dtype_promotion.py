# desc: type promotion: int+float, int*python float, int/int true division, float32+float64, bool+int, bool+bool, 0-dim tensors vs 1-d tensors of another dtype, floor division
# features: dtype-promotion, dtype-int64, dtype-float64, dtype-bool, true-division, 0-dim
import torch
i = torch.tensor([1, 2, 3])
f = torch.tensor([0.5, 0.5, 0.5])
d = torch.tensor([1., 1., 1.], dtype=torch.float64)
b = torch.tensor([True, False, True])
print((i + f).dtype, i + f)
print((i * 2.5).dtype, i * 2.5)
print((i / torch.tensor([2, 2, 2])).dtype, i / torch.tensor([2, 2, 2]))
print((f + d).dtype, f + d)
print((b + i).dtype, b + i, (b + b).dtype, b + b)
print((torch.tensor(2.5, dtype=torch.float64) + f).dtype, (torch.tensor(2.5) + i).dtype)
print((torch.tensor(2, dtype=torch.int64) + torch.tensor([1, 2], dtype=torch.int32)).dtype)
print((i // 2).dtype, i // 2, (i * 2).dtype, (i + True).dtype)
