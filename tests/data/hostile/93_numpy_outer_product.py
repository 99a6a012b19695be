# expect: limit
# why: ndarray arithmetic is not guarded: an outer product of 40000-vectors
import torch
a = torch.ones(40000).numpy()
b = a.reshape(-1, 1) * a
