import torch
A = torch.tensor([[2., 1], [1, 3]], requires_grad=True)
B = torch.tensor([[1., 4], [2, -1]], requires_grad=True)
b = torch.tensor([1., 2], requires_grad=True)
X = torch.linalg.solve(A, B)
x = torch.linalg.solve(A, b)
print(X, x, X.grad_fn.name())
(X.sum() + (x * torch.tensor([1., -2])).sum()).backward()
print(A.grad, B.grad, b.grad)
C = torch.tensor([[[4., 1, 0], [1, 3, 1], [0, 1, 2]], [[1., 2, 0], [0, 1, 0], [2, 0, 5]]], dtype=torch.float64, requires_grad=True)
v = torch.tensor([[1., 2, 3], [0, 1, 0]], dtype=torch.float64)
y = torch.linalg.solve(C, v)
print(y, torch.linalg.solve(C, v.unsqueeze(-1)).shape, torch.linalg.solve(C[0], torch.ones(3, 2, dtype=torch.float64)))
y.sum().backward()
print(C.grad)
for bad in (lambda: torch.linalg.solve(torch.zeros(2, 2), b), lambda: torch.linalg.solve(torch.ones(2, 3), b),
            lambda: torch.linalg.solve(A, torch.ones(3)), lambda: torch.linalg.solve(A, b.double()),
            lambda: torch.linalg.solve(A.long(), b.long()), lambda: torch.linalg.solve(torch.ones(2), b)):
    try:
        print(bad())
    except RuntimeError as e:
        print(type(e).__name__, e)
