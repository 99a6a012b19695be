# desc: register_hook returns a RemovableHandle; the hook prints during the first backward, after handle.remove() it no longer fires
# features: register_hook, hook-handle, remove, retain_graph, accumulation
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
h = y.register_hook(lambda g: print("hook y", g))
print(type(h).__name__)
out = (y * y).sum()
out.backward(retain_graph=True)
print(x.grad)
h.remove()
out.backward()
print(x.grad)
