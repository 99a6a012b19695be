# expect: limit
# why: copy.deepcopy of a tensor copies its storage outside the op registry; 150 kept copies would be 6 GB
import copy
import torch
x = torch.zeros(10_000_000)
kept = []
for i in range(150):
    kept.append(copy.deepcopy(x))
print(len(kept))
