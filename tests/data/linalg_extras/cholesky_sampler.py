# Sampling from a multivariate normal with the Cholesky factor of its covariance
import torch

torch.manual_seed(2)
mean = torch.tensor([1.0, -2.0])
cov = torch.tensor([[2.0, 0.6], [0.6, 1.0]])
L = torch.linalg.cholesky(cov)
print(L)
z = torch.randn(1000, 2)
samples = mean + z @ L.T
print(samples.mean(dim=0), samples.shape)
print(torch.linalg.cholesky(cov, upper=True))
print(torch.allclose(L @ L.T, cov))

# gradients (float64): PyTorch's backward is symmetric
S = torch.tensor([[4.0, 2.0, 0.4], [2.0, 5.0, 1.0], [0.4, 1.0, 3.0]], dtype=torch.float64, requires_grad=True)
L = torch.linalg.cholesky(S)
print(L, L.grad_fn.name())
L.sum().backward()
print(S.grad)
S.grad = None
torch.linalg.cholesky(S, upper=True).diagonal().log().sum().backward()
print(S.grad)
B = torch.tensor([[1.0, 0.5], [-0.3, 2.0]], dtype=torch.float64, requires_grad=True)
K = B @ B.T + torch.eye(2, dtype=torch.float64)
torch.linalg.cholesky(K).pow(2).sum().backward()
print(B.grad)
print(torch.linalg.cholesky(torch.stack([S.detach(), 2 * S.detach()]))[1])
print(torch.linalg.cholesky(torch.tensor([[4.0, 100.0], [2.0, 3.0]])))

for bad in [lambda: torch.linalg.cholesky(torch.tensor([[1.0, 2.0], [2.0, 1.0]])),
            lambda: torch.linalg.cholesky(torch.tensor([[-1.0, 0.0], [0.0, 1.0]])),
            lambda: torch.linalg.cholesky(torch.stack([torch.eye(3), -torch.eye(3)])),
            lambda: torch.linalg.cholesky(torch.ones(2, 3)),
            lambda: torch.linalg.cholesky(torch.ones(3)),
            lambda: torch.linalg.cholesky(torch.ones(2, 2, dtype=torch.int64))]:
    try:
        bad()
    except torch.linalg.LinAlgError as e:
        print("LinAlgError:", e)
    except RuntimeError as e:
        print("RuntimeError:", e)
