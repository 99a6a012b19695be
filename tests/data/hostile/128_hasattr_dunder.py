# expect: raised
# why: hasattr with a dunder name is refused too (no probing of Python's machinery)
import torch
print(hasattr(torch.ones(1), '__dict__'))
