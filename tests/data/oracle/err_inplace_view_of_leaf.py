# desc: x[0].mul_(2) (in-place on a view of a leaf requiring grad) -> RuntimeError (view of a leaf Variable)
# features: in-place, view, leaf, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
x[0].mul_(2)
print(x)
