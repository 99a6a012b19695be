# Every learning-rate schedule PyTorch 2.13 adds to StepLR & co., stepped past its end: the lrs as Python floats
import torch
from torch import nn, optim
from torch.optim import lr_scheduler


def run(make, steps, opt_cls=optim.SGD, **opt_kw):
    model = nn.Linear(2, 1)
    opt = opt_cls(model.parameters(), lr=0.1, **opt_kw)
    sched = make(opt)
    lrs = []
    for _ in range(steps):
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    print(type(sched).__name__, lrs)
    return opt, sched


run(lambda o: lr_scheduler.ConstantLR(o, factor=0.5, total_iters=4), 8)
run(lambda o: lr_scheduler.LinearLR(o, start_factor=0.1, end_factor=1.0, total_iters=7), 10)
run(lambda o: lr_scheduler.LinearLR(o, start_factor=1.0, end_factor=0.05, total_iters=30), 33)
run(lambda o: lr_scheduler.PolynomialLR(o, total_iters=9, power=2.0), 11)
run(lambda o: lr_scheduler.PolynomialLR(o, total_iters=6), 8)
run(lambda o: lr_scheduler.MultiplicativeLR(o, lr_lambda=lambda e: 0.95), 6)
run(lambda o: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=5, T_mult=2, eta_min=0.001), 25)
run(lambda o: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=3), 8)
opt, s = run(lambda o: lr_scheduler.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=4), 20, momentum=0.9)
print(opt.param_groups[0]["momentum"])
run(lambda o: lr_scheduler.CyclicLR(o, 0.001, 0.1, step_size_up=3, step_size_down=5, mode="triangular2",
                                    cycle_momentum=False), 24)
run(lambda o: lr_scheduler.CyclicLR(o, 0.001, 0.1, step_size_up=3, mode="exp_range", gamma=0.9), 15,
    momentum=0.5)
opt, s = run(lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.5, total_steps=30), 29, opt_cls=optim.Adam)
print(opt.param_groups[0]["betas"], opt.param_groups[0]["max_lr"], opt.param_groups[0]["min_lr"])
run(lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.2, epochs=3, steps_per_epoch=7, anneal_strategy="linear",
                                      three_phase=True), 20, momentum=0.9)
run(lambda o: lr_scheduler.SequentialLR(o, schedulers=[lr_scheduler.LinearLR(o, start_factor=0.2, total_iters=4),
                                                       lr_scheduler.CosineAnnealingLR(o, T_max=10)],
                                        milestones=[4]), 16)
run(lambda o: lr_scheduler.SequentialLR(o, [lr_scheduler.ConstantLR(o, factor=0.1, total_iters=2),
                                            lr_scheduler.ExponentialLR(o, gamma=0.9),
                                            lr_scheduler.StepLR(o, step_size=2, gamma=0.5)],
                                        milestones=[3, 7]), 12)
opt, s = run(lambda o: lr_scheduler.ChainedScheduler([lr_scheduler.ConstantLR(o, factor=0.1, total_iters=2),
                                                      lr_scheduler.ExponentialLR(o, gamma=0.9)]), 6)
print(sorted(s.state_dict()), len(s.state_dict()["_schedulers"]))
o2, s2 = run(lambda o: lr_scheduler.LinearLR(o, start_factor=0.25, total_iters=4), 2)
sd = s2.state_dict()
print(sorted(sd), sd["last_epoch"], sd["_step_count"], sd["_last_lr"])

for bad in (lambda o: lr_scheduler.ConstantLR(o, factor=2.0),
            lambda o: lr_scheduler.LinearLR(o, start_factor=0.0),
            lambda o: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=0),
            lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.1),
            lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.1, total_steps=10, pct_start=1),
            lambda o: lr_scheduler.CyclicLR(o, 0.01, 0.1, mode="sawtooth"),
            lambda o: lr_scheduler.CyclicLR(o, 0.01, 0.1),
            lambda o: lr_scheduler.SequentialLR(o, [lr_scheduler.ConstantLR(o)], milestones=[3])):
    try:
        bad(optim.Adagrad(nn.Linear(2, 1).parameters(), lr=0.1))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

opt = optim.SGD(nn.Linear(2, 1).parameters(), lr=0.1)
s = lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=3)
try:
    for _ in range(4):
        opt.step()
        s.step()
except ValueError as e:
    print(e)
