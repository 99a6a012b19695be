# desc: gradient through the singular vectors of a square float64 matrix: loss from U, S and Vh of torch.linalg.svd (sign-invariant: squares of U and Vh entries weighted)
# features: svd, linalg.svd, singular-vectors, jacobian
import torch
x = torch.tensor([[1.2, -0.4, 0.3], [0.5, 0.9, -0.8], [-0.3, 0.6, 1.4]], dtype=torch.float64, requires_grad=True)
U, S, Vh = torch.linalg.svd(x)
w = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 0.25], [2.0, 0.0, -1.5]], dtype=torch.float64)
out = (U * U * w).sum() + (Vh * Vh * w.t()).sum() + S.prod()
print(out)
out.backward()
print(x.grad)
