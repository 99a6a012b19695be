# PyTorch's random numbers after manual_seed: rand, randn on both paths (fewer than 16
# elements, and 16 or more), float64, randint, randperm, normal, uniform_ and normal_,
# and the normal kept over from an odd count.
import torch

torch.manual_seed(0)
print(torch.rand(3))
print(torch.randn(5))
print(torch.randn(3, 4))
print(torch.randn(2, 3))
print(torch.randn(17, dtype=torch.float64))
print(torch.randint(0, 10, (6,)))
print(torch.randint(3, 10, (2, 3)))
print(torch.randperm(7))
print(torch.normal(2.0, 3.0, size=(4,)))
w = torch.empty(3, 2)
w.uniform_(-1, 1)
print(w)
v = torch.zeros(5)
v.normal_(0, 0.01)
print(v)
torch.manual_seed(42)
print(torch.randn(2, 3))
print(torch.rand(2, dtype=torch.float64))
x = torch.randn(3, requires_grad=True)
y = (x * 2).sum()
y.backward()
print(x, x.grad)
