# PCA with the symmetric eigen-decomposition of the covariance matrix
import torch

torch.manual_seed(1)
X = torch.randn(50, 3) @ torch.tensor([[2.0, 0.0, 0.0], [0.5, 1.0, 0.0], [0.0, 0.3, 0.2]])
Xc = X - X.mean(dim=0)
C = Xc.T @ Xc / (X.shape[0] - 1)
evals, evecs = torch.linalg.eigh(C)
print(evals)
print(evecs)
print(torch.linalg.eigvalsh(C))
order = torch.argsort(evals, descending=True)
components = evecs[:, order[:2]]
Z = Xc @ components
print(Z.shape, Z[:3])
print(evals[order] / evals.sum())
print(torch.linalg.eigh(C))

# float64: the bits agree, gradients too
A = torch.tensor([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], dtype=torch.float64, requires_grad=True)
w, V = torch.linalg.eigh(A)
print(w, V, w.grad_fn.name(), V.grad_fn.name())
(w * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum().backward()
print(A.grad)
A.grad = None
torch.linalg.eigh(A).eigenvectors[:, 0].abs().sum().backward()
print(A.grad)
B = torch.tensor([[2.0, 7.0], [1.0, 3.0]], dtype=torch.float64, requires_grad=True)
print(torch.linalg.eigh(B, UPLO="U"))
(torch.linalg.eigvalsh(B) * torch.tensor([1.0, 3.0], dtype=torch.float64)).sum().backward()
print(B.grad)
print(torch.linalg.eigvalsh(torch.stack([A.detach(), 2 * A.detach()])))

for bad in [lambda: torch.linalg.eigh(torch.ones(2, 3)),
            lambda: torch.linalg.eigh(torch.ones(3)),
            lambda: torch.linalg.eigh(torch.ones(2, 2), UPLO="X"),
            lambda: torch.linalg.eigvalsh(torch.ones(2, 2, dtype=torch.int64))]:
    try:
        bad()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
