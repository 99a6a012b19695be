# desc: @torch.no_grad() and bare @torch.no_grad as decorators: results of the function do not require grad; grad mode restored after the call
# features: no_grad, decorator, is_grad_enabled
import torch
@torch.no_grad()
def double(t):
    print("inside", torch.is_grad_enabled())
    return t * 2
@torch.no_grad
def triple(t):
    return t * 3
x = torch.tensor([1., 2.], requires_grad=True)
y = double(x)
z = triple(x)
print(y, y.requires_grad, z.requires_grad, torch.is_grad_enabled())
