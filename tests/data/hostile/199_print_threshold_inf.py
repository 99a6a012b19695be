# expect: limit
# why: threshold=inf (a common idiom) on a tensor of 30 million would format every value before the output limit saw any
import torch
torch.set_printoptions(threshold=float("inf"))
x = torch.zeros(30_000_000)
print(x)
