# desc: on a non-leaf, requires_grad_(True) is a silent no-op but the attribute form y.requires_grad = True raises RuntimeError (short message)
# features: requires_grad, requires_grad_, non-leaf, error
import torch
x = torch.tensor([0., 1.], requires_grad=True)
y = x * 2
y.requires_grad_(True)
print(y.requires_grad, y.is_leaf)
y.requires_grad = True
print(y.requires_grad)
