# torch.optim.LBFGS with a closure: the Rosenbrock function with fixed steps (every value printed in full) and
# with the strong-Wolfe line search, a quartic, a seeded curve fit and a small network (printed rounded: their
# float32 dot products and square roots are rounded otherwise by PyTorch on some CPUs)
import torch
from torch import nn


def rosenbrock(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2


for line_search in (None, "strong_wolfe"):
    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    opt = torch.optim.LBFGS([p], lr=0.5 if line_search is None else 1, max_iter=15, history_size=5,
                            line_search_fn=line_search)

    def closure():
        opt.zero_grad()
        loss = rosenbrock(p)
        loss.backward()
        return loss

    for step in range(6):
        loss = opt.step(closure)
        if line_search is None:
            print(step, loss.item(), p.tolist())
        else:   # NOTE: its cubic steps take a float32 sqrt, which PyTorch rounds otherwise on some CPUs
            print(step, round(loss.item(), 4), [round(v, 4) for v in p.tolist()])
    st = opt.state[p]
    print(st["func_evals"], st["n_iter"], len(st["old_dirs"]), st["t"])
    if line_search is None:
        print(st["H_diag"], st["prev_loss"], st["d"], st["ro"][-1])
    print(opt.state_dict()["param_groups"])

w = torch.tensor([3.0, -2.0, 0.5], requires_grad=True)
c = torch.tensor([1.0, 10.0, 0.1])
opt = torch.optim.LBFGS([w], max_iter=4, tolerance_change=1e-12)
for step in range(3):
    loss = opt.step(lambda: (opt.zero_grad(), (c * (w - 1) ** 4).sum().backward(), (c * (w - 1) ** 4).sum())[2])
    print(step, round(loss.item(), 3), [round(v, 5) for v in w.tolist()], opt.state[w]["func_evals"])

torch.manual_seed(0)
x = torch.linspace(-2, 2, 40).unsqueeze(1)
y = 1.5 * torch.sin(1.3 * x) + 0.3 * x + 0.05 * torch.randn(40, 1)
a = torch.tensor([1.0, 1.0, 0.0], requires_grad=True)
opt = torch.optim.LBFGS([a], lr=1, max_iter=20, history_size=10, line_search_fn="strong_wolfe")


def closure():
    opt.zero_grad()
    loss = ((a[0] * torch.sin(a[1] * x) + a[2] * x - y) ** 2).mean()
    loss.backward()
    return loss


for step in range(3):
    loss = opt.step(closure)
    print(step, round(loss.item(), 5), [round(v, 4) for v in a.tolist()])

torch.manual_seed(1)
net = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.LBFGS(net.parameters(), lr=0.5, max_iter=10, line_search_fn="strong_wolfe")


def closure():
    opt.zero_grad()
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    return loss


for epoch in range(3):
    print(epoch, round(opt.step(closure).item(), 4))
print(opt)
try:
    torch.optim.LBFGS([{"params": [a]}, {"params": [w]}])
except ValueError as e:
    print(e)
try:
    torch.optim.LBFGS([a], line_search_fn="backtracking").step(closure)
except RuntimeError as e:
    print(e)
