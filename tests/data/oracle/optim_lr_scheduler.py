# desc: StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR and LambdaLR: the learning rates epoch by epoch
# features: lr_scheduler, StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR, LambdaLR, warning
import torch

w = torch.zeros(1, requires_grad=True)
def make(cls, *args, **kwargs):
    opt = torch.optim.SGD([w], lr=0.1)
    return opt, cls(opt, *args, **kwargs)
for cls, args, kwargs in ((torch.optim.lr_scheduler.StepLR, (3,), {"gamma": 0.5}),
                          (torch.optim.lr_scheduler.MultiStepLR, ([2, 5],), {"gamma": 0.1}),
                          (torch.optim.lr_scheduler.ExponentialLR, (0.9,), {}),
                          (torch.optim.lr_scheduler.CosineAnnealingLR, (4,), {"eta_min": 0.001}),
                          (torch.optim.lr_scheduler.LambdaLR, (lambda epoch: 0.95 ** epoch,), {})):
    opt, sched = make(cls, *args, **kwargs)
    lrs = []
    for epoch in range(9):
        w.grad = torch.ones(1)
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    print(cls.__name__, lrs, sched.last_epoch)
opt, sched = make(torch.optim.lr_scheduler.StepLR, 1)
sched.step()
print(opt.param_groups[0]["lr"], opt.param_groups[0]["initial_lr"])
