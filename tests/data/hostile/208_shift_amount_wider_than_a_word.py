# expect: limit
# why: a shift amount past any machine word (10**30) must be the interpreter's limit, not Python's OverflowError or a MemoryError; right shifts of any size are cheap and run
print((1 << 200) >> 10 ** 30, -1 >> 10 ** 30)
import torch
print(torch.tensor([1, 2]) << 70, torch.tensor([-8]) >> 10 ** 3)
z = True << 10 ** 30
