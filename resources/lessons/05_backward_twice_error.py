# backward frees the graph's saved values; a second backward without
# retain_graph=True stops with PyTorch's RuntimeError on purpose.
import torch
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
out = (y * y * 3).mean()
out.backward()
print(x.grad)
out.backward()
print(x.grad)
