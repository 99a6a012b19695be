# expect: limit
# why: copies are counted (slices, list.copy, deepcopy, tolist); a program mixes every route to build 10 GB under the per-route radar
import copy
import numpy as np
import torch
x = torch.zeros(5_000_000)
a = np.zeros(5_000_000)
l = [0] * 5_000_000
kept = []
for i in range(200):
    kept.append(l[1:])
    kept.append(copy.deepcopy(x))
    kept.append(a.astype(np.float32))
    kept.append(x.tolist())
print(len(kept))
