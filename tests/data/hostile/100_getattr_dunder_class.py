# expect: raised
# why: getattr(x, "__class__") is type(x), as x.__class__ reads; what lies behind a class (mro, __subclasses__) stays refused
import torch
c = getattr(torch.ones(1), '__class__')
print(getattr(c, "mro")())
