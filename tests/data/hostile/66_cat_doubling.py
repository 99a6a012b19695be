# expect: limit
# why: exponential growth: x = torch.cat([x, x]) in a loop
import torch
x = torch.ones(2)
while True:
    x = torch.cat([x, x])
