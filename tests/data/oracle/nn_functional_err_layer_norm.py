# desc: F.layer_norm with a normalized_shape that is not the input's trailing shape
# features: nn.functional, layer_norm, error
import torch
import torch.nn.functional as F
x = torch.ones(2, 3)
print(F.layer_norm(x, (3,)))
y = F.layer_norm(x, (2,))
