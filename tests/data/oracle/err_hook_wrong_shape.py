# desc: a hook that returns a tensor of the wrong shape (g[:2] for a 3-vector) -> RuntimeError naming the hook
# features: register_hook, hook-modify, error
import torch
def shrink(g):
    return g[:2]
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.register_hook(shrink)
out = y.sum()
out.backward()
print(x.grad)
