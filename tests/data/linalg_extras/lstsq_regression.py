# Closed-form linear regression: torch.linalg.lstsq and the normal equations
import torch

torch.manual_seed(0)
X = torch.randn(20, 2)
true_w = torch.tensor([[2.0], [-3.4]])
y = X @ true_w + 4.2 + 0.01 * torch.randn(20, 1)
A = torch.cat([X, torch.ones(20, 1)], dim=1)

result = torch.linalg.lstsq(A, y)
print(result.solution)
print(result.rank, result.residuals, result.singular_values)
w_normal = torch.linalg.inv(A.T @ A) @ A.T @ y
print(w_normal)
print(torch.allclose(result.solution, w_normal, atol=1e-4))
w_pinv = torch.linalg.pinv(A) @ y
print(torch.allclose(w_pinv, result.solution, atol=1e-4))
print(torch.linalg.matrix_rank(A), torch.linalg.matrix_rank(torch.ones(3, 3)))

# gradients through the solution, in float64 (bits agree)
A64 = A.double().requires_grad_()
y64 = y.double().requires_grad_()
sol = torch.linalg.lstsq(A64, y64).solution
print(sol.grad_fn.name())
sol.sum().backward()
print(A64.grad[:3])
print(y64.grad[:3])

# another driver: residuals and singular values
r = torch.linalg.lstsq(A64.detach(), y64.detach(), driver="gelsd")
print(r)
Ar = A64.detach().clone().requires_grad_()
res = torch.linalg.lstsq(Ar, y64.detach(), driver="gels").residuals
print(res, res.grad_fn.name())
res.sum().backward()
print(Ar.grad[:2])

# a vector right-hand side
b = torch.tensor([1.0, 2.5, 2.75], dtype=torch.float64)
M = torch.tensor([[1.0, 0.5], [1.0, 1.5], [1.0, 2.0]], dtype=torch.float64, requires_grad=True)
print(torch.linalg.lstsq(M, b))
print(torch.linalg.lstsq(M, b, driver="gelss").residuals)
P = torch.linalg.pinv(M)
print(P, P.grad_fn.name())
P.pow(2).sum().backward()
print(M.grad)

for bad in [lambda: torch.linalg.lstsq(A, y[:5]),
            lambda: torch.linalg.lstsq(A, y, driver="qr"),
            lambda: torch.linalg.lstsq(A, y.double()),
            lambda: torch.linalg.lstsq(torch.ones(3), torch.ones(3))]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
