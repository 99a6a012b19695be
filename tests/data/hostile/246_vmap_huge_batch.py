# expect: limit
# why: vmap calls the function once per slice; nested over 16 million slices, the run's time limit stops it (each slice counted at its own size, the results bounded by the element limits)
import torch
x = torch.zeros(4000, 4000)
y = torch.vmap(torch.vmap(lambda t: t * 2 + 1))(x)
print(y.shape)
