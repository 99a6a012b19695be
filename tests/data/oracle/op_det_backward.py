# desc: torch.det / Tensor.det / torch.linalg.det of a 3x3 leaf and of a batch of 2x2 matrices: LinalgDetBackward0; gradient det(A) * inv(A)^T (the cofactors)
# features: det, linalg.det, batched, jacobian
import torch
A = torch.tensor([[2.0, -1.0, 0.5], [0.3, 1.5, -0.7], [1.1, 0.2, 0.9]], requires_grad=True)
B = torch.tensor([[[1.0, 2.0], [3.0, 4.5]], [[0.5, -1.0], [2.0, 0.25]]], requires_grad=True)
print(torch.det(A), A.det().grad_fn.name())
batch = torch.linalg.det(B)
print(batch)
print(f"{torch.det(A).item():.10f}")
out = torch.det(A) * 2 + batch.sum()
out.backward()
print(A.grad)
print(B.grad)
