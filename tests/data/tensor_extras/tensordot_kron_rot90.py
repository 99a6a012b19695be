import torch
def nodes(y):
    seen, stack = [], [y.grad_fn]
    while stack:
        f = stack.pop()
        if f is None or f in seen:
            continue
        seen.append(f)
        stack += [g for g, _ in f.next_functions]
    return [f.name() for f in seen if 'Accumulate' not in f.name()]
a = torch.arange(6.).view(2, 3).requires_grad_()
b = torch.arange(24.).view(2, 3, 4).requires_grad_()
c = torch.tensor([[1., -1], [0.5, 2]], requires_grad=True)
outs = [torch.tensordot(a, b, 2), torch.tensordot(b, a, ([0, 1], [0, 1])), torch.tensordot(b, b, 3),
        torch.tensordot(a, b, ([1, 0], [1, 0])), torch.tensordot(a, b, 0), torch.tensordot(a, a.t(), 1),
        torch.tensordot(a, b, dims=[[0], [0]]), torch.tensordot(torch.ones(2, 1, 3), b[0], ([1], [0])),
        torch.kron(a, c), torch.kron(c, b), torch.kron(torch.tensor(2.), a), a.kron(c[0]),
        torch.rot90(a), torch.rot90(b, 2), torch.rot90(a, -1), torch.rot90(a, 4), torch.rot90(b, 1, [2, 0]),
        a.rot90(3, (1, 0)), torch.rot90(b, 5, [-1, -2])]
for o in outs:
    print(o, nodes(o))
sum(((k + 1.5) * o).sum() for k, o in enumerate(outs)).backward()
print(a.grad, b.grad, c.grad, sep="\n")
print(torch.tensordot(torch.arange(6).view(2, 3), torch.arange(6).view(3, 2), 1),
      torch.kron(torch.tensor([1, 2]), torch.tensor([[1, 10]])), torch.rot90(torch.arange(4).view(2, 2)))
for bad in (lambda: torch.tensordot(a, b, ([0], [1])), lambda: torch.tensordot(a, b, 3),
            lambda: torch.tensordot(a, b, -1), lambda: torch.tensordot(a, b, ([0, 1], [0])),
            lambda: torch.tensordot(a, b, dims=1.5), lambda: torch.tensordot(a, b.double(), 1),
            lambda: torch.rot90(torch.ones(3)), lambda: torch.rot90(a, 1, [0]), lambda: torch.rot90(a, 1, [0, 0]),
            lambda: torch.rot90(a, 1, [0, 2]), lambda: torch.rot90(a, 1, [0, -2])):
    try:
        print(bad())
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
