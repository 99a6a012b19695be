# desc: assigning x.grad = tensor manually (same shape); backward then accumulates onto it
# features: grad-assign, accumulation
import torch
x = torch.tensor([1., 2.], requires_grad=True)
x.grad = torch.tensor([10., 20.])
out = (x * x).sum()
out.backward()
print(x.grad)
