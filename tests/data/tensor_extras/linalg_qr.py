import torch
A = torch.tensor([[2., 1], [1, 3], [0.5, -1]], requires_grad=True)
q, r = torch.linalg.qr(A)
print(q, r)
(q * torch.tensor([[1., 2], [3, 4], [5, 6]])).sum().backward(retain_graph=True)
print(A.grad)
A.grad = None
(r * torch.tensor([[1., 2], [3, 4]])).sum().backward()
print(A.grad)
B = torch.tensor([[2., 1], [1, 3]], dtype=torch.float64, requires_grad=True)
res = torch.linalg.qr(B)
print(res)
(res.Q.sum() + res.R.sum() * 2).backward()
print(B.grad)
print(torch.linalg.qr(torch.ones(3, 2), mode='complete'), torch.linalg.qr(torch.ones(2, 3)).R, torch.linalg.qr(A, 'r'))
for bad in (lambda: torch.linalg.qr(A, mode='x'), lambda: torch.linalg.qr(torch.ones(3)),
            lambda: torch.linalg.qr(A, 'r').R.sum().backward(),
            lambda: torch.linalg.qr(A, 'complete').Q.sum().backward()):
    try:
        print(bad())
    except RuntimeError as e:
        print(type(e).__name__, e)
