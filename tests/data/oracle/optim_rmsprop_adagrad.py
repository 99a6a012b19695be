# desc: RMSprop (plain, centered with momentum) and Adagrad (lr_decay, initial accumulator)
# features: optim.RMSprop, centered, momentum, optim.Adagrad, state_dict, repr
import torch

torch.manual_seed(2)
for cls, kwargs in ((torch.optim.RMSprop, {"lr": 0.01}),
                    (torch.optim.RMSprop, {"lr": 0.01, "centered": True, "momentum": 0.9, "weight_decay": 0.1}),
                    (torch.optim.Adagrad, {"lr": 0.5, "lr_decay": 0.01, "initial_accumulator_value": 0.1})):
    w = torch.randn(5, requires_grad=True)
    opt = cls([w], **kwargs)
    for step in range(4):
        opt.zero_grad()
        loss = (w ** 4 - w).sum()
        loss.backward()
        opt.step()
        print(w.data)
    print(opt.state_dict()["state"])
    print(opt)
