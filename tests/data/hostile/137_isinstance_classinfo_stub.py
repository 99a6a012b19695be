# expect: raised
# why: type(x) stand-ins have no mro / bases to walk
import torch
t = type(torch.ones(1))
print(t.mro())
