# desc: view(4) of a 6-element tensor -> RuntimeError (shape invalid for input of size)
# features: view, error
import torch
x = torch.arange(6.)
y = x.view(2, 3)
print(y.shape)
z = x.view(4)
