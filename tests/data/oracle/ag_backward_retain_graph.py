# desc: backward(retain_graph=True) then a second backward on the same graph works and accumulates (x.grad doubles)
# features: retain_graph, accumulation, backward, mul
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = (x * x).sum()
out.backward(retain_graph=True)
print(x.grad)
out.backward()
print(x.grad)
