# desc: y = x*x; out = y.sum(); two backward calls without retain_graph -> RuntimeError (saved tensors freed)
# features: retain_graph, saved-tensors, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * x
out = y.sum()
out.backward()
print(x.grad)
out.backward()
print(x.grad)
