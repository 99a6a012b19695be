# expect: limit
# why: x.tolist() builds a Python list of every element; 40 lists of 10 million floats would be 13 GB
import torch
x = torch.zeros(10_000_000)
kept = []
for i in range(40):
    kept.append(x.tolist())
print(len(kept))
