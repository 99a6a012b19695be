# expect: limit
# why: a product past the compiled chain's budget (core/ops/gemm.py NATIVE_SECONDS) goes to numpy's BLAS; the tensors themselves are within the element limit, so it is the time limit that ends the loop
import torch
a = torch.ones(2000, 2000)
b = torch.ones(2000, 2000)
n = 0
while True:
    c = a @ b
    n += 1
