# desc: inside torch.no_grad() results do not require grad (no grad_fn, leaf); is_grad_enabled False inside, True after
# features: no_grad, is_grad_enabled, requires_grad, is_leaf
import torch
x = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled(), y.requires_grad, y.grad_fn, y.is_leaf)
z = x * 2
print(torch.is_grad_enabled(), z.requires_grad, z.grad_fn.name(), z.is_leaf)
