# desc: float leaf converted with .long(): the int64 result does not require grad, so backward on it raises
# features: backward, dtype-int64, long, error
import torch
x = torch.tensor([1.5, 2.5], requires_grad=True)
n = (x * 2).long()
print(n, n.requires_grad, n.grad_fn)
n.sum().backward()
