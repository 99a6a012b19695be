# desc: torch.set_grad_enabled(False) called as a function switches tracking off globally until set_grad_enabled(True)
# features: set_grad_enabled, is_grad_enabled
import torch
x = torch.tensor([1., 2.], requires_grad=True)
torch.set_grad_enabled(False)
y = x * 2
print(torch.is_grad_enabled(), y.requires_grad, y.grad_fn)
torch.set_grad_enabled(True)
z = x * 2
print(torch.is_grad_enabled(), z.requires_grad, z.grad_fn.name())
