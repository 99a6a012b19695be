# desc: x[3] on a 3-element tensor -> IndexError (index 3 is out of bounds)
# features: indexing, error
import torch
x = torch.tensor([1., 2., 3.])
print(x[-3])
y = x[3]
