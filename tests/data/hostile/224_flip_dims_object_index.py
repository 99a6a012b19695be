# expect: rejected
# why: flip's dims through an object whose __index__ is the program's own code: a class may not define __index__
import torch

class Sneaky:
    def __index__(self):
        return 0

x = torch.ones(2, 3)
print(torch.flip(x, [Sneaky()]))
