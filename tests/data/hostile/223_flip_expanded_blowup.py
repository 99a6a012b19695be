# expect: limit
# why: flip copies: flipping a 30-million-element tensor again and again makes billions of elements in all
import torch
x = torch.ones(30_000_000)
for i in range(100):
    x = torch.flip(x, [0])
print(x.sum())
