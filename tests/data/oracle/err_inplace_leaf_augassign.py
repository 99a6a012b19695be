# desc: x += 1 on a leaf that requires grad -> RuntimeError (leaf Variable used in an in-place operation)
# features: in-place, augmented-assign, leaf, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
x += 1
print(x)
