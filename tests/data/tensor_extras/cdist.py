import torch
torch.manual_seed(0)
x1 = torch.tensor([[0., 1], [2, 3], [4, 5.5]], requires_grad=True)
x2 = torch.tensor([[1., 1], [0, 2]], requires_grad=True)
for p in (2, 1, 0, float('inf'), 3, 0.5):
    d = torch.cdist(x1, x2, p)
    g1, g2 = torch.autograd.grad((d * torch.tensor([[1., 2], [3, 4], [5, 6]])).sum(), (x1, x2))
    print(p, d, g1, g2)
a = torch.randn(2, 7, 5, requires_grad=True)
b = torch.randn(6, 5, requires_grad=True)
d = torch.cdist(a, b)
d.sum().backward()
print(d.shape, d.grad_fn.name(), d[0, :2], a.grad[0, :2], b.grad[:2])
c = torch.randn(4, 3, dtype=torch.float64)
print(torch.cdist(c, c, p=1.5), torch.allclose(torch.cdist(a, b, compute_mode="donot_use_mm_for_euclid_dist"), d))
x = torch.tensor([[1., 2.]], requires_grad=True)
torch.cdist(x, x.detach()).sum().backward()
print(x.grad)
for bad in (lambda: torch.cdist(x1, torch.ones(2, 3, dtype=torch.float64)), lambda: torch.cdist(x1.long(), x1.long()),
            lambda: torch.cdist(x1, x1, compute_mode='x'), lambda: torch.cdist(x1, x1, -1),
            lambda: torch.cdist(torch.ones(3), x1), lambda: torch.cdist(x1, torch.ones(2, 4)),
            lambda: torch.cdist(x1, torch.ones(3)), lambda: torch.cdist(x1, x1, 'a')):
    try:
        bad()
    except (RuntimeError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
