# desc: F.cross_entropy with class indices and label_smoothing (with ignore_index, weight, every reduction): PyTorch's composite graph AddBackward0 <- MulBackward1 (NllLossBackward0) + MulBackward1 (DivBackward0 <- SumBackward0 <- MaskedFillBackward0)
# features: nn.functional, cross_entropy, label_smoothing, ignore_index, weight, MulBackward1, MaskedFillBackward0
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


logits = torch.tensor([[1.5, -0.5, 0.25, 2.0], [0.0, 1.0, -1.0, 0.5], [2.5, 0.75, -0.25, -1.5]], requires_grad=True)
labels = torch.tensor([3, -100, 0])
loss = F.cross_entropy(logits, labels, label_smoothing=0.1)
print(loss, names(loss.grad_fn))
print([names(f) for f, _ in loss.grad_fn.next_functions])
print(names(loss.grad_fn.next_functions[1][0].next_functions[0][0]))
weighted = F.cross_entropy(logits, labels, weight=torch.tensor([1.0, 0.5, 2.0, 1.5]), label_smoothing=0.2)
each = F.cross_entropy(logits, labels, label_smoothing=0.3, reduction="none")
total = F.cross_entropy(logits, torch.tensor([1, 2, 0]), label_smoothing=0.05, reduction="sum")
print(weighted, each, total)
print(names(each.grad_fn.next_functions[1][0]))
(loss + weighted + each.sum() + total).backward()
print(logits.grad)
