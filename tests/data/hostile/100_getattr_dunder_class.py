# expect: raised
# why: getattr with a dunder name is refused at run time (the class walk __subclasses__ starts there)
import torch
c = getattr(torch.ones(1), '__class__')
print(getattr(c, "mro")())
