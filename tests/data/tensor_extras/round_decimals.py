# torch.round(x, decimals=d): RoundBackward1, PyTorch's kernel rint(x * 10**d) / 10**d bit for bit
import torch
torch.manual_seed(0)
x = torch.tensor([1.23456, -2.34567, 0.5, 2.5, 1234.5678], requires_grad=True)
y = x.round(decimals=2)
print(y, y.grad_fn.name())
print(torch.round(x, decimals=-2), x.round(), torch.round(torch.randn(3, dtype=torch.float64), decimals=3))
y.sum().backward()
print(x.grad)
try:
    torch.tensor([1, 2]).round(decimals=1)
except NotImplementedError as e:
    print("NotImplementedError:", e)
