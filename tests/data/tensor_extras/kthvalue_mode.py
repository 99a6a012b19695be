import torch
torch.manual_seed(0)
x = torch.tensor([[3., 1, 2, 1], [5, 5, 0, 2]], requires_grad=True)
print(torch.kthvalue(x, 2), torch.kthvalue(x, 1, 0, True), x.kthvalue(3, dim=1))
print(torch.kthvalue(torch.tensor([1., 1, 1]), 2), torch.kthvalue(torch.tensor(4.), 1))
v = torch.kthvalue(x, 2).values
v.sum().backward()
print(x.grad)
print(torch.mode(x), torch.mode(x, 0), x.mode(keepdim=True), torch.mode(torch.tensor([2, 1, 2, 1, 3])))
x.grad = None
torch.mode(x).values.sum().backward()
print(x.grad)
r = torch.randint(0, 4, (6, 9)).float()
for k in range(1, 10):
    print(k, torch.kthvalue(r, k).indices.tolist(), torch.kthvalue(r, min(k, 6), 0).indices.tolist())
print(torch.mode(r).indices.tolist(), torch.mode(r, 0).indices.tolist(), torch.mode(r, 0).values.tolist())
n = torch.tensor([1., float('nan'), 0., 2., float('nan')])
print(torch.kthvalue(n, 4), torch.kthvalue(n, 2))
big = torch.randn(40)
print(torch.kthvalue(big, 7), torch.kthvalue(big.round(), 20), torch.mode(big.round()))
for bad in (lambda: torch.kthvalue(x, 5), lambda: torch.kthvalue(x, 0)):
    try:
        bad()
    except RuntimeError as e:
        print(e)
