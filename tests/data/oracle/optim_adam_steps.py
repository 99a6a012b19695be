# desc: Adam, AdamW and amsgrad step by step: the moments, the bias corrections and the update in PyTorch's order
# features: optim.Adam, optim.AdamW, amsgrad, weight_decay, state
import torch

torch.manual_seed(1)
x = torch.randn(4)
for cls, kwargs in ((torch.optim.Adam, {"lr": 0.1}), (torch.optim.AdamW, {"lr": 0.05}),
                    (torch.optim.Adam, {"lr": 0.1, "amsgrad": True, "weight_decay": 0.1, "betas": (0.8, 0.9)})):
    w = torch.randn(4, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    opt = cls([w, b], **kwargs)
    for step in range(6):
        opt.zero_grad()
        loss = ((w * x + b - 1.0) ** 2).mean()
        loss.backward()
        opt.step()
    print(w, b, loss)
    state = opt.state[w]
    print(state["step"], state["exp_avg"], state["exp_avg_sq"])
print(opt)
