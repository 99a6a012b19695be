# desc: a typo (yy for y) on line 9: the lines before it run and print, then NameError with Python's message at that line
# features: NameError, runtime-error, underscore-name
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x * x).sum()
y.backward()
print(x.grad)
_y = y.detach()
print(_y, _y.requires_grad)
z = yy * 2
print("never printed")
