# desc: torch.enable_grad() inside no_grad re-enables tracking (context manager and decorator); outside it nothing is tracked
# features: enable_grad, no_grad, decorator, is_grad_enabled
import torch
@torch.enable_grad()
def f(t):
    return t * 3
x = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    with torch.enable_grad():
        y = x * 2
        print(torch.is_grad_enabled())
    z = x * 2
    w = f(x)
    print(torch.is_grad_enabled())
print(y.requires_grad, y.grad_fn.name(), z.requires_grad, w.requires_grad)
