# desc: F.nll_loss on (N, C, H, W) log-probabilities (NllLoss2DBackward0), on (N, C, L) (viewed to 4-d around it: ViewBackward0), with ignore_index and weight, reductions
# features: nn.functional, nll_loss, nll_loss2d, segmentation, ignore_index, weight, view
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


scores = torch.linspace(-2.0, 2.0, 2 * 3 * 2 * 3).reshape(2, 3, 2, 3).sin().requires_grad_()
logp = F.log_softmax(scores, dim=1)
target = torch.tensor([[[0, 1, 2], [2, 2, 0]], [[1, -100, 0], [0, 1, 2]]])
seg = F.nll_loss(logp, target)
print(seg, seg.grad_fn.name(), names(seg.grad_fn))
segw = F.nll_loss(logp, target, weight=torch.tensor([1.0, 0.5, 2.0]), reduction="sum")
print(segw)
print(F.nll_loss(logp, target, reduction="none"))
(seg + segw).backward()
print(scores.grad)
seq = torch.tensor([[[0.1, 0.9, -0.3, 0.2], [0.5, -0.5, 1.0, 0.0], [-1.0, 0.3, 0.3, 0.4]],
                    [[0.0, 0.2, 0.4, 0.6], [1.0, -1.0, 0.5, -0.5], [0.2, 0.2, -0.2, 0.8]]], requires_grad=True)
lseq = F.nll_loss(seq.log_softmax(1), torch.tensor([[0, 1, 2, 1], [2, 0, 0, 1]]), reduction="none")
print(lseq, lseq.grad_fn.name(), names(lseq.grad_fn.next_functions[0][0]))
lseq.sum().backward()
print(seq.grad)
