# desc: det of singular matrices: exactly 0 gives a zero gradient in PyTorch; nearly singular (det is rounding noise) gives the cofactor matrix, not inf or nan
# features: det, singular, zero-input, jacobian
import torch
A = torch.tensor([[1.0, 2.0], [2.0, 4.0]], requires_grad=True)
B = torch.tensor([[0.4, 0.7, 1.0], [1.3, 1.6, 1.9], [2.2, 2.5, 2.8]], dtype=torch.float64, requires_grad=True)
print(torch.det(A).abs())
torch.det(A).backward()
print((A.grad == 0).all())
out = torch.det(B)
out.backward()
print(B.grad)
