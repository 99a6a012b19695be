# desc: x *= 2 on a leaf that requires grad -> RuntimeError
# features: in-place, augmented-assign, leaf, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
print(y)
x *= 2
