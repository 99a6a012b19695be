# desc: x[0, 5] on a (2,3) tensor -> IndexError for dimension 1
# features: indexing, error
import torch
x = torch.zeros(2, 3)
y = x[0, 5]
