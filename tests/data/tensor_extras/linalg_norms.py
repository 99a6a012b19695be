import torch
A = torch.tensor([[1., -2, 3], [4, 5, -6]], requires_grad=True)
v = torch.tensor([3., -4, 0, 3], requires_grad=True)
B = torch.tensor([[[1., 2], [3, 4]], [[0.5, -1], [2, 0]]], requires_grad=True)
outs = [torch.linalg.norm(v), torch.linalg.norm(A), torch.linalg.norm(A, 'fro'), torch.linalg.norm(A, 'nuc'),
        torch.linalg.norm(A, 1), torch.linalg.norm(A, -1), torch.linalg.norm(A, float('inf')),
        torch.linalg.norm(A, -float('inf')), torch.linalg.norm(A, 2), torch.linalg.norm(A, -2),
        torch.linalg.norm(v, 1), torch.linalg.norm(v, float('inf')), torch.linalg.norm(v, -float('inf')),
        torch.linalg.norm(v, 3), torch.linalg.norm(v, 0.5), torch.linalg.norm(v, -1),
        torch.linalg.norm(A, dim=1), torch.linalg.norm(A, 3, dim=0, keepdim=True),
        torch.linalg.vector_norm(A), torch.linalg.vector_norm(A, 1, dim=(0, 1)),
        torch.linalg.vector_norm(A, float('inf'), dim=1), torch.linalg.vector_norm(A, ord=0, dim=-1, keepdim=True),
        torch.linalg.matrix_norm(A), torch.linalg.matrix_norm(A, ord=1, keepdim=True),
        torch.linalg.matrix_norm(A, 'nuc', keepdim=True), torch.linalg.matrix_norm(B, float('inf'), dim=(2, 0)),
        torch.linalg.matrix_norm(B, -1, dim=(0, 2), keepdim=True), torch.linalg.matrix_norm(B, 2),
        torch.linalg.matrix_norm(B, 'nuc', dim=(0, 2), keepdim=True), torch.linalg.matrix_norm(B, -2, dim=(1, 0)),
        torch.linalg.vector_norm(A, 2, dtype=torch.float64), torch.linalg.norm(B, dim=(0, 1)), B.norm(p=1, dim=2)]
for k, o in enumerate(outs):
    print(k, o)
total = sum(o.sum() * (k + 1) for k, o in enumerate(outs) if o.requires_grad and k not in (3, 8, 9, 24, 27, 28, 29))
total.backward()
print(A.grad, v.grad, B.grad, sep="\n")
S = torch.linalg.matrix_norm(A, 'nuc') + torch.linalg.matrix_norm(B, 2).sum()
g = torch.autograd.grad(S, (A, B))
print(torch.allclose(g[0], torch.tensor([[-0.2162, 0.2287, -0.0750], [0.4108, 0.5727, -0.7037]]), atol=1e-3))
for bad in (lambda: torch.linalg.norm(A, 'fro', dim=0), lambda: torch.linalg.norm(v, 'fro'),
            lambda: torch.linalg.matrix_norm(v), lambda: torch.linalg.norm(torch.ones(2, 2, 2), 1),
            lambda: torch.linalg.vector_norm(torch.tensor([1, 2])), lambda: torch.linalg.norm(A, 'abc'),
            lambda: torch.linalg.matrix_norm(A, 3), lambda: torch.linalg.matrix_norm(A, 3.5),
            lambda: torch.linalg.matrix_norm(A, dim=(0, 1, 2)), lambda: torch.linalg.vector_norm(A, 'fro'),
            lambda: torch.linalg.norm(), lambda: torch.linalg.matrix_norm(A, ord=[1])):
    try:
        print(bad())
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
