# desc: F.linear with a weight whose in_features do not match the input: PyTorch's mat1/mat2 message
# features: nn.functional, linear, error
import torch
import torch.nn.functional as F
x = torch.ones(2, 3)
w = torch.ones(4, 5, requires_grad=True)
print(F.linear(x, w[:, :3]).shape)
y = F.linear(x, w)
