# desc: x.gard (a typo for x.grad) after a backward: AttributeError with Python's message, at its line
# features: AttributeError, runtime-error, typo
import torch
x = torch.tensor([2., 3.], requires_grad=True)
out = (x ** 2).sum()
out.backward()
print(x.grad)
print(x.gard)
