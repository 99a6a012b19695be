# desc: view(-1) of a transposed (non-contiguous) tensor -> RuntimeError suggesting reshape
# features: view, transpose, contiguous, error
import torch
x = torch.arange(6.).view(2, 3)
y = x.t()
print(y.is_contiguous(), y.reshape(-1))
z = y.view(-1)
