# desc: hook on a leaf fires before accumulation (sees the incoming grad, not x.grad); a leaf hook's return replaces what is accumulated; second backward accumulates
# features: hook-on-leaf, hooks, accumulation, retain_graph
import torch
x = torch.tensor([1., 2.], requires_grad=True)
def h(g):
    print("leaf hook", g, x.grad)
    return g * 0.5
x.register_hook(h)
out = (x * 4).sum()
out.backward(retain_graph=True)
print(x.grad)
out.backward()
print(x.grad)
