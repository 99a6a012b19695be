# desc: torch.optim.Rprop, Adamax (with weight decay) and ASGD (with t0 small enough that averaging starts) training the same small regression for 60 steps after manual_seed: losses, parameters and state printed in full
# features: optim, nn
import torch
torch.manual_seed(0)
x = torch.randn(32, 3)
y = x @ torch.tensor([[1.5], [-2.0], [0.5]]) + 0.3
for make in (lambda p: torch.optim.Rprop(p, lr=0.01),
             lambda p: torch.optim.Adamax(p, lr=0.02, weight_decay=0.01),
             lambda p: torch.optim.ASGD(p, lr=0.05, t0=20, lambd=1e-3),
             lambda p: torch.optim.Rprop(p, etas=(0.3, 1.5), step_sizes=(1e-3, 0.2), maximize=False)):
    torch.manual_seed(1)
    model = torch.nn.Linear(3, 1)
    opt = make(model.parameters())
    for step in range(60):
        loss = ((model(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 15 == 0:
            print(type(opt).__name__, step, loss.item())
    print(model.weight.tolist(), model.bias.tolist())
    state = opt.state[model.weight]
    print(sorted(state), state["step"])
print(opt)
torch.optim.Rprop(model.parameters(), etas=(1.2, 0.5))
