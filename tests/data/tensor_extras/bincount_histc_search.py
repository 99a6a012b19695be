import torch
torch.manual_seed(0)
i = torch.tensor([0, 1, 1, 3])
print(torch.bincount(i), torch.bincount(i, minlength=6), i.bincount(torch.tensor([0.5, 1, 2., 0.25])),
      torch.bincount(i, weights=torch.tensor([0.5, 1, 2., 0.25], dtype=torch.float64)),
      torch.bincount(i, weights=torch.tensor([1, 2, 3, 4])), torch.bincount(torch.tensor([], dtype=torch.long)),
      torch.bincount(i.int()))
w = torch.rand(50)
print(torch.bincount(torch.randint(0, 5, (50,)), w).tolist())
x = torch.tensor([0.1, 0.2, 0.3, 0.7, 1.0, 0.0, 0.5, -1, 2])
print(torch.histc(x, bins=5, min=0, max=1), torch.histc(x.double(), 3), torch.histc(torch.tensor([]), 3),
      torch.histc(torch.tensor([1., 1.]), 4), x.histc(4, -1, 2))
r = torch.randn(1000)
print(torch.histc(r, 10).tolist(), torch.histc(r, 7, -1.5, 1.5).tolist(), torch.histc(r * 3, bins=13).tolist())
b = torch.tensor([1, 3, 5, 7, 9])
v = torch.tensor([[3, 6, 9], [3, 6, 9]])
print(torch.bucketize(v, b), torch.bucketize(v, b, right=True), torch.searchsorted(b, v),
      torch.searchsorted(b, v, right=True), torch.searchsorted(b, v, side='right'), torch.bucketize(5, b),
      torch.searchsorted(b, 5), torch.bucketize(v, b, out_int32=True))
print(torch.searchsorted(torch.tensor([[1., 3, 5], [2, 4, 6]]), torch.tensor([[2., 5], [1, 7]])),
      torch.searchsorted(torch.tensor([1., 2, float('nan')]), torch.tensor([float('nan'), 3., 1.])),
      torch.searchsorted(torch.tensor([3., 1, 2]), torch.tensor([2., 0.5]), sorter=torch.tensor([1, 2, 0])),
      torch.bucketize(torch.tensor([1, 5, 9]), torch.tensor([2., 6])), torch.bucketize(torch.rand(8), torch.linspace(0, 1, 5)))
for bad in (lambda: torch.bincount(torch.tensor([-1, 2])), lambda: torch.bincount(torch.tensor([[1]])),
            lambda: torch.bincount(torch.tensor([1.])), lambda: torch.histc(torch.tensor([1, 2])),
            lambda: torch.histc(torch.tensor([1.]), bins=-1), lambda: torch.histc(torch.tensor([1.]), min=2, max=1),
            lambda: torch.bincount(torch.tensor([1, 2]), weights=torch.tensor([1.])),
            lambda: torch.bincount(i, minlength=-1),
            lambda: torch.bucketize(torch.tensor([1., 2]), torch.tensor([[1., 2]])),
            lambda: torch.searchsorted(torch.tensor([[1., 2]]), torch.tensor([1., 2])),
            lambda: torch.searchsorted(torch.tensor([1., 2]), torch.tensor([1.]), side='left', right=True),
            lambda: torch.searchsorted(torch.tensor([1., 2]), torch.tensor([1.]), side='x')):
    try:
        print(bad())
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
