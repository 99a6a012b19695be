# desc: y = x + 1; s = y.sum(); s.backward() twice does NOT error (add/sum save no tensors) and accumulates
# features: retain_graph, saved-tensors, add, sum, accumulation
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x + 1
s = y.sum()
s.backward()
print(x.grad)
s.backward()
print(x.grad)
