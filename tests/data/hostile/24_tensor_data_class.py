# expect: rejected
# why: x.data.__class__ is an underscore attribute
import torch
x = torch.ones(2)
c = x.data.__class__
print(c)
