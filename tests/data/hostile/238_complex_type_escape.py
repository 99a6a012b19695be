# expect: rejected
# why: the complex numbers of a tensor do not lead to Python's type machinery: dunder attributes are refused before the run
import torch
z = torch.tensor([1j]).item()
print(z.__class__.__mro__[-1].__subclasses__())
