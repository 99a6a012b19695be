# desc: torch.svd of a tall 3x2 leaf printed as torch.return_types.svd(U=, S=, V=); torch.linalg.svd (full and reduced) and svdvals; grad_fn names of U, S, V (TransposeBackward0); out = S (the singular values)
# features: svd, linalg.svd, svdvals, return_types, jacobian
import torch
x = torch.tensor([[0.9, -0.2], [0.4, -0.66], [0.1, 0.5]], requires_grad=True)
r = torch.svd(x)
print(r)
print(r.U.grad_fn.name(), r.S.grad_fn.name(), r.V.grad_fn.name(), r[2].shape)
l = torch.linalg.svd(x, full_matrices=False)
print(l.Vh)
print(torch.linalg.svd(x).U.shape, torch.svd(x, some=False).U.shape)
print(torch.linalg.svdvals(x))
print(torch.svd(x, compute_uv=False))
out = r.S
out.backward(torch.tensor([1.0, 0.5]))
print(x.grad)
