# desc: torch.contiguous_format / preserve_format in contiguous(), clone() and is_contiguous(); the formats print as PyTorch prints them
# features: contiguous, clone, memory_format
import torch
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
y = x.t()
print(y.is_contiguous(), y.is_contiguous(memory_format=torch.contiguous_format))
z = y.contiguous(memory_format=torch.contiguous_format)
print(z.is_contiguous(), z, torch.contiguous_format, torch.preserve_format)
print(y.clone().is_contiguous(), y.clone(memory_format=torch.contiguous_format).is_contiguous(),
      y.clone(memory_format=torch.preserve_format).is_contiguous())
