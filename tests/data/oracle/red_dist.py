# desc: torch.dist / Tensor.dist (DistBackward0) for p = 2, 1, 3 and inf with a broadcast second input (its gradient summed down), and at distance 0 (gradient 0)
# features: dist, norm, broadcasting, backward
import torch
a = torch.tensor([[1., 2., 3.], [4., -5., 6.]], requires_grad=True)
b = torch.tensor([0.5, 2., -1.], requires_grad=True)
for p in (2, 1, 3, float("inf")):
    d = torch.dist(a, b, p)
    print(p, d, d.grad_fn.name())
    d.backward()
    print(a.grad, b.grad)
    a.grad = None
    b.grad = None
print(a.dist(a), torch.dist(torch.ones(2), torch.ones(2)))
z = torch.ones(2, requires_grad=True)
torch.dist(z, torch.ones(2)).backward()
print(z.grad)
