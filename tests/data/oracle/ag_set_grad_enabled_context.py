# desc: torch.set_grad_enabled(flag) as a context manager with False and with a variable True; mode restored on exit
# features: set_grad_enabled, is_grad_enabled, context-manager
import torch
x = torch.tensor([1., 2.], requires_grad=True)
is_train = True
with torch.set_grad_enabled(False):
    y = x * 2
    print(torch.is_grad_enabled())
with torch.no_grad():
    with torch.set_grad_enabled(is_train):
        z = x * 2
print(torch.is_grad_enabled(), y.requires_grad, z.requires_grad, z.grad_fn.name())
