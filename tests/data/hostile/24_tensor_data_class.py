# expect: raised
# why: x.data.__class__ is type(x.data), torch.Tensor as a program sees it; what lies behind it (its __dict__) is refused at run time
import torch
x = torch.ones(2)
c = x.data.__class__
print(c, c.__dict__)
