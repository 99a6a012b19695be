# desc: x.add_(1) on a leaf that requires grad -> RuntimeError
# features: in-place, add_, leaf, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
x.add_(1)
print(x)
