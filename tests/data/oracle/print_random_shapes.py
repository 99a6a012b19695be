# desc: manual_seed + rand/randn/randint: only shapes, dtypes, requires_grad (values are generator-specific and never bound at top level)
# features: manual_seed, rand, randn, randint, shape, dtype, requires_grad
import torch
torch.manual_seed(0)
print(torch.rand(2, 3).shape, torch.rand(2, 3).dtype)
print(torch.randn(4).shape, torch.randn(4).dtype, torch.randn(4).requires_grad)
print(torch.randint(0, 10, (2, 2)).shape, torch.randint(0, 10, (2, 2)).dtype)
print(torch.randn(3, requires_grad=True).requires_grad, torch.randn(3, requires_grad=True).is_leaf)
print(torch.rand(2, 2, dtype=torch.float64).dtype, torch.randint(5, (3,)).shape)
print(torch.rand(1).dim(), torch.randn(2, 1, 3).size(), torch.randint(3, (4,)).numel())
