# desc: F.mse_loss and F.l1_loss with every reduction, the legacy size_average argument (warning) and a broadcast target (warning); grad_fn chains and grads
# features: nn.functional, mse_loss, l1_loss, reduction, legacy-reduction, warning, broadcast
import torch
import torch.nn.functional as F


def names(fn):
    return [None if f is None else f.name() for f, _ in fn.next_functions]


pred = torch.tensor([[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]], requires_grad=True)
target = torch.tensor([[1.0, -1.0, 1.5], [0.0, 0.5, -1.0]])
mse = F.mse_loss(pred, target)
print(mse, mse.grad_fn.name())
print(F.mse_loss(pred, target, reduction="sum"))
print(F.mse_loss(pred, target, reduction="none"))
l1 = F.l1_loss(pred, target)
print(l1, l1.grad_fn.name(), l1.grad_fn.next_functions[0][0].name())
print(F.l1_loss(pred, target, reduction="none").grad_fn.name())
legacy = F.mse_loss(pred, target, size_average=False)
print(legacy)
row = F.mse_loss(pred, torch.tensor([1.0, 0.0, -1.0]))
print(row, names(row.grad_fn))
total = mse * 3 + l1 + legacy * 0.5 + row
total.backward()
print(pred.grad)
