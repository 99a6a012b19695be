# desc: x[0] = 5. on a leaf that requires grad -> RuntimeError
# features: in-place, index-assignment, leaf, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
x[0] = 5.
print(x)
