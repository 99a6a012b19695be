# desc: int64 arange then .requires_grad_() -> RuntimeError (message of the method form)
# features: dtype-int64, requires_grad_, arange, error
import torch
x = torch.arange(3)
print(x, x.dtype)
x.requires_grad_()
print(x.requires_grad)
