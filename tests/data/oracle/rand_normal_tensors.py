# desc: torch.normal with a tensor of means and/or deviations (Morvan's classification data): one standard normal draw per element of the broadcast shape, then draw * std + mean; the std errors
# features: random, normal, broadcasting, error
import torch
torch.manual_seed(0)
n_data = torch.ones(100, 2)
x0 = torch.normal(2*n_data, 1)
x1 = torch.normal(-2*n_data, 1)
print(x0[:3], x1[-2:])
s = torch.rand(1000) + 0.1
mm = torch.randn(1000)
a = torch.normal(mm, s)
print(a[:5], a.sum())
print(torch.normal(0.3, torch.full((5,), 0.5)))
print(torch.normal(torch.zeros(3, dtype=torch.float64), 2.0))
print(torch.normal(torch.zeros(2, 1), torch.ones(3)))
try:
    torch.normal(torch.zeros(2), -1.0)
except RuntimeError as e:
    print(e)
