# desc: torch.linalg.cross of 2-D vectors: the cross product needs the dimension to have 3 elements (PyTorch's message names the dim as given and both sizes)
# features: cross, errors
import torch
u = torch.tensor([[1., 2.], [3., 4.]])
v = torch.tensor([[0., 1.], [1., 0.]])
w = torch.linalg.cross(u, v)
