# expect: rejected
# why: x.__array__ is an underscore attribute
import torch
x = torch.ones(2)
a = x.__array__()
a.tofile('CANARY')
