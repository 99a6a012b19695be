# desc: SGD with momentum, nesterov, dampening, weight decay and maximize: PyTorch's updates in float32
# features: optim.SGD, momentum, nesterov, dampening, weight_decay, maximize, state_dict
import torch

torch.manual_seed(0)
target = torch.tensor([1.0, -2.0, 0.5])
for kwargs in ({"lr": 0.1}, {"lr": 0.05, "momentum": 0.9}, {"lr": 0.05, "momentum": 0.9, "nesterov": True,
               "weight_decay": 0.01}, {"lr": 0.01, "momentum": 0.5, "dampening": 0.2, "maximize": True}):
    w = torch.randn(3, requires_grad=True)
    opt = torch.optim.SGD([w], **kwargs)
    for step in range(5):
        opt.zero_grad()
        loss = ((w - target) ** 2).sum()
        loss.backward()
        opt.step()
        print(step, loss.item(), w.data)
    print(opt.state_dict())
print(w.grad)
opt.zero_grad()
print(w.grad)
