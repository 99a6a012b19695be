# desc: y = x.exp(); y.requires_grad_(False) on the non-leaf -> RuntimeError (only leaf flags can change)
# features: requires_grad_, non-leaf, error
import torch
x = torch.tensor([0., 1.], requires_grad=True)
y = x.exp()
print(y.is_leaf, y.requires_grad)
y.requires_grad_(False)
print(y.requires_grad)
