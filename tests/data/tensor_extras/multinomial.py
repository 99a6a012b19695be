import torch
torch.manual_seed(0)
p = torch.tensor([0.1, 0.2, 0.3, 0.4])
print(torch.multinomial(p, 2), torch.multinomial(p, 4), torch.multinomial(p, 1), torch.multinomial(p, 10, replacement=True))
w = torch.tensor([[0., 10, 3, 0], [1, 1, 1, 1], [5, 0, 0, 5]])
print(torch.multinomial(w, 2), w.multinomial(6, True), torch.multinomial(w, 1, True), w.multinomial(num_samples=4))
print(torch.multinomial(torch.rand(30, dtype=torch.float64), 20), torch.multinomial(torch.rand(3, 200), 3))
g = torch.Generator().manual_seed(7)
print(torch.multinomial(p, 3, generator=g), torch.multinomial(torch.ones(5), 5, True, generator=g))
print(torch.multinomial(torch.tensor([0.2, 0.8]).softmax(0), 8, True), torch.rand(2))
probs = torch.softmax(torch.randn(2, 50), dim=1)
print(torch.multinomial(probs, 1).squeeze(), torch.multinomial(probs, 30, replacement=True))
for bad in (lambda: torch.multinomial(p, 5), lambda: torch.multinomial(p, 0), lambda: torch.multinomial(torch.tensor([1, 2]), 1),
            lambda: torch.multinomial(torch.ones(2, 2, 2), 1), lambda: torch.multinomial(torch.tensor([-1., 2]), 1),
            lambda: torch.multinomial(torch.tensor([0., 0]), 1), lambda: torch.multinomial(torch.tensor([0., 0]), 2, True),
            lambda: torch.multinomial(torch.tensor([-1., 2]), 2, True),
            lambda: torch.multinomial(torch.tensor([float('nan'), 2]), 2, True),
            lambda: torch.multinomial(torch.tensor([float('inf'), 2]), 2, True),
            lambda: torch.multinomial(torch.tensor([float('inf'), 2]), 1), lambda: torch.multinomial(torch.tensor(1.), 1),
            lambda: torch.multinomial(torch.tensor([[0., 0], [1, 1]]), 1)):
    try:
        print(bad())
    except RuntimeError as e:
        print(e)
