# desc: torch.std_mean and torch.var_mean return a plain tuple (spread, mean), both outputs named StdMeanBackward0 / VarMeanBackward0; dim, keepdim, unbiased and correction; out = std + 2 * mean along dim 1
# features: std_mean, var_mean, tuple, dim, keepdim, correction, jacobian
import torch
x = torch.tensor([[0.9956, -0.2232, 1.5], [0.3858, -0.6593, 0.25]], requires_grad=True)
sm = torch.std_mean(x)
print(sm, type(sm).__name__)
print(sm[0].grad_fn.name(), sm[1].grad_fn.name())
print(torch.var_mean(x, dim=1, keepdim=True))
print(torch.var_mean(x, 0, unbiased=False))
print(torch.std_mean(x, dim=(0, 1), correction=0))
s, m = torch.std_mean(x, dim=1)
out = s + 2 * m
out.backward(torch.tensor([1.0, -1.0]))
print(x.grad)
