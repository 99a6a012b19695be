# desc: printing nan, inf, -inf alone and mixed with finite values, including 0/0 and 1/0 produced by division
# features: print, nan, inf
import torch
print(torch.tensor([float("nan"), float("inf"), -float("inf"), 1.]))
print(torch.tensor([0., 1.]) / torch.tensor([0., 0.]))
print(torch.tensor([float("inf"), 1.5, 1e-6]))
print(torch.tensor(float("nan")), torch.tensor([float("nan")]))
print(torch.tensor([[1., float("-inf")], [2.5, 3.]]))
