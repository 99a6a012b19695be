# expect: limit
# why: print with precision 10**8: 100 MB per printed number
import torch
torch.set_printoptions(precision=10 ** 8)
print(torch.ones(100) * 0.5)
