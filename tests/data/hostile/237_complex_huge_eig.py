# expect: limit
# why: an eigen-decomposition of a large matrix, repeated, is stopped by the time limit (the op's work is bounded by the size limit)
import torch
a = torch.randn(400, 400)
while True:
    values, vectors = torch.linalg.eig(a)
