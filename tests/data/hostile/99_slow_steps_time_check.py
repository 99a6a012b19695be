# expect: limit
# why: each step takes ~50 ms; the clock is read only every 1000 steps
import torch
x = torch.zeros(10 ** 7)
while True:
    x = (x + 1).exp().sin()
