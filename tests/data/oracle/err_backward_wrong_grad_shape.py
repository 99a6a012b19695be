# desc: out.backward(gradient) with a gradient of shape (3,) for a (2,) output -> RuntimeError (Mismatch in shape)
# features: backward-with-gradient, shape-mismatch, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = x * 2
out.backward(torch.tensor([1., 1., 1.]))
print(x.grad)
