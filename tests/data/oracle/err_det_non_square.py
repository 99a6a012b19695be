# desc: torch.det of a 2x3 matrix -> RuntimeError (linalg.det: A must be batches of square matrices)
# features: det, error, non-square
import torch
x = torch.ones(2, 3, requires_grad=True)
print(torch.linalg.det(torch.eye(2)))
torch.det(x)
