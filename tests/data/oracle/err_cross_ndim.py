# desc: torch.linalg.cross of a batch of vectors (2, 3) with one vector (3,): the inputs must have the same number of dimensions (no broadcasting of a missing dimension)
# features: cross, errors
import torch
batch = torch.tensor([[1., 0., 0.], [0., 1., 0.]])
axis = torch.tensor([0., 0., 1.])
normals = torch.linalg.cross(batch, axis)
