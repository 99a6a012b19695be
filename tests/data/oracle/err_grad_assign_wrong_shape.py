# desc: assigning x.grad a tensor of a different shape -> RuntimeError
# features: grad-assign, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
x.grad = torch.tensor([1., 2., 3.])
print(x.grad)
