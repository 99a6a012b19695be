# desc: lr_scheduler.ReduceLROnPlateau driven by a loss that stops improving: the learning rate cut by factor after patience bad steps, cooldown, min_lr, mode='max' with an absolute threshold; the verbose= keyword PyTorch 2.13 no longer takes
# features: optim, lr_scheduler
import torch
w = torch.zeros(2, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=1, factor=0.5, cooldown=1, min_lr=0.02)
for metric in [1.0, 0.9, 0.95, 0.95, 0.95, 0.95, 0.95, 0.95, 0.8, 0.8, 0.8]:
    opt.step()
    sched.step(metric)
    print(opt.param_groups[0]['lr'], sched.get_last_lr(), sched.num_bad_epochs, sched.best, sched.last_epoch)
opt2 = torch.optim.Adam([w], lr=1.0)
s2 = torch.optim.lr_scheduler.ReduceLROnPlateau(opt2, mode='max', threshold=0.1, threshold_mode='abs', patience=0)
for acc in [0.5, 0.55, 0.7, 0.75]:
    s2.step(torch.tensor(acc))
    print(opt2.param_groups[0]['lr'])
s3 = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, 'min', verbose=True)
