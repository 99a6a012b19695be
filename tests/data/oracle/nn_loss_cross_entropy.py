# desc: F.cross_entropy with class indices (plain, weight=, ignore_index=, reduction none/sum), with class probabilities (label_smoothing, weight); the graphs PyTorch builds (NllLossBackward0 <- LogSoftmaxBackward0; DivBackward1 <- NegBackward0 <- SumBackward0 <- MulBackward0)
# features: nn.functional, cross_entropy, nll_loss, log_softmax, weight, ignore_index, label_smoothing, reduction
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


logits = torch.tensor([[2.0, 0.5, -1.0, 0.1], [0.3, -0.2, 1.7, 0.0], [-1.2, 0.8, 0.4, 2.2],
                       [0.0, 0.0, 1.0, -0.5], [1.1, -0.7, 0.2, 0.9]], requires_grad=True)
labels = torch.tensor([0, 2, 3, 1, 0])
loss = F.cross_entropy(logits, labels)
print(loss)
print(loss.grad_fn.name(), names(loss.grad_fn))
loss.backward()
print(logits.grad)
w = torch.tensor([0.5, 2.0, 1.0, 1.5])
masked = torch.tensor([0, -100, 3, 1, -100])
lw = F.cross_entropy(logits, masked, weight=w)
print(lw)
per = F.cross_entropy(logits, labels, reduction="none")
print(per)
print(F.cross_entropy(logits, labels, reduction="sum"))
probs = torch.tensor([[0.7, 0.1, 0.1, 0.1], [0.0, 0.0, 1.0, 0.0], [0.25, 0.25, 0.25, 0.25],
                      [0.1, 0.6, 0.2, 0.1], [0.5, 0.0, 0.0, 0.5]])
soft = F.cross_entropy(logits, probs, label_smoothing=0.1)
print(soft, soft.grad_fn.name(), names(soft.grad_fn.next_functions[0][0]))
print(F.cross_entropy(logits, probs, weight=w, reduction="none"))
logits.grad = None
(lw + per.sum() * 0.1 + soft).backward()
print(logits.grad)
single = torch.tensor([0.5, 1.5, -0.5], requires_grad=True)
one = F.cross_entropy(single, torch.tensor(1))
one.backward()
print(one, single.grad)
