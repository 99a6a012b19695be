# desc: a random fill of a leaf that requires grad is an in-place operation PyTorch refuses (nn.init runs under no_grad)
# features: nn.init, no_grad, uniform_, leaf-inplace-error
import torch
import torch.nn as nn

w = torch.ones(3, requires_grad=True)
nn.init.normal_(w)
print(w.requires_grad, w.grad_fn)
w.uniform_(0, 1)
