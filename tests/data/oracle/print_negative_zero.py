# desc: negative zero printing: tensor([-0., 0., 1.]), 0-dim -0., -0. mixed with decimals, and -x of zeros
# features: print, negative-zero
import torch
print(torch.tensor([-0., 0., 1.]))
print(torch.tensor(-0.))
print(torch.tensor([-0., 0.5]))
print(-torch.zeros(2))
print(torch.tensor([-0.0]).item(), torch.tensor([-0., 0.]).tolist())
