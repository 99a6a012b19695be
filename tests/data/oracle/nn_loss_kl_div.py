# desc: F.kl_div with reduction='batchmean' (SumBackward0 then DivBackward0), 'mean' (its deprecation warning), 'sum', 'none' and log_target=True; F.soft_margin_loss
# features: nn.functional, kl_div, batchmean, log_target, warning, soft_margin_loss
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


scores = torch.tensor([[1.0, 0.5, -0.5], [0.2, 0.2, 1.4]], requires_grad=True)
logq = F.log_softmax(scores, dim=1)
p = torch.tensor([[0.6, 0.3, 0.1], [0.0, 0.5, 0.5]])
kl = F.kl_div(logq, p, reduction="batchmean")
print(kl, kl.grad_fn.name(), names(kl.grad_fn))
print(F.kl_div(logq, p))
print(F.kl_div(logq, p, reduction="sum"), F.kl_div(logq, p, reduction="none"))
klt = F.kl_div(logq, torch.tensor([[0.6, 0.3, 0.1], [0.1, 0.5, 0.4]]).log(), reduction="batchmean", log_target=True)
print(klt)
sm = F.soft_margin_loss(scores, torch.tensor([[1.0, -1.0, 1.0], [-1.0, 1.0, 1.0]]))
print(sm, sm.grad_fn.name())
(kl + klt + sm).backward()
print(scores.grad)
