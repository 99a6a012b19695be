# torch.add / sub / add_ with alpha: one fused multiply-add per element (a + alpha * b rounded once), as
# PyTorch's add kernel computes it; manual SGD steps written with add_(grad, alpha=-lr)
import torch
torch.manual_seed(0)
x, y = torch.randn(1000), torch.randn(1000)
for alpha in (0.1, -0.01, 3, 1e-3):
    a, s = x.add(y, alpha=alpha), torch.sub(x, y, alpha=alpha)
    print(alpha, a[:4], s[:4], a.sum().item(), s.sum().item())
w = torch.randn(50, 20, requires_grad=True)
data = torch.randn(64, 50)
for step in range(20):
    loss = (data @ w).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        w.add_(w.grad, alpha=-0.01)
        w.grad.zero_()
print(loss.item(), w.sum().item())
d = x.double()
print(d.add(y.double(), alpha=0.3).sum().item(), torch.add(torch.tensor([1, 2]), torch.tensor([3, 4]), alpha=2))
