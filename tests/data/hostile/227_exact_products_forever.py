# expect: limit
# why: every 400 x 400 product is summed in MKL's order by the compiled chain (core/ops/native.py), each within its budget: the run's clock still stops the loop
import torch
a = torch.randn(400, 400)
while True:
    a = (a @ a).tanh()
