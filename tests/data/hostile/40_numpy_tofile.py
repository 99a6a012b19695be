# expect: raised
# why: x.numpy().tofile would write a file; ndarray.tofile is not allowed
import torch
x = torch.ones(3)
x.numpy().tofile('CANARY')
