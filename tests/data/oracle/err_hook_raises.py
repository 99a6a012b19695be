# desc: a hook that raises ValueError: the exception propagates out of backward unchanged, passing through the hook's line (inner_line)
# features: register_hook, hook-exception, error
import torch
def bad_hook(g):
    print("in hook", g)
    raise ValueError("bad gradient seen in hook")
x = torch.tensor([1., 2.], requires_grad=True)
y = x ** 2
y.register_hook(bad_hook)
out = y.sum()
out.backward()
print(x.grad)
