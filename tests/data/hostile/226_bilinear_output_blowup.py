# expect: limit
# why: F.bilinear's output is batch x out_features: a weight expanded to 10**6 outputs over 10**5 rows is refused
import torch
import torch.nn.functional as F
x1 = torch.ones(100_000, 1)
x2 = torch.ones(100_000, 1)
w = torch.ones(1, 1, 1).expand(1_000_000, 1, 1)
print(F.bilinear(x1, x2, w).shape)
