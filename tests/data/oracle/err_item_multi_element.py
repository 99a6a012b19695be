# desc: .item() on a 3-element tensor -> RuntimeError
# features: item, error
import torch
x = torch.tensor([1., 2., 3.])
print(x[0].item())
s = x.item()
