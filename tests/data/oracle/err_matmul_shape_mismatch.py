# desc: (2,3) @ (2,3) matmul shape mismatch -> RuntimeError with shapes in the message
# features: matmul, shape-mismatch, error
import torch
a = torch.ones(2, 3)
b = torch.ones(2, 3)
print(a.shape, b.shape)
c = a @ b
