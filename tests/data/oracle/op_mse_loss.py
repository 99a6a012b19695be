# desc: F.mse_loss(pred, target) mean reduction and reduction='sum' value; gradient 2(pred-target)/n
# features: mse_loss, loss, reduction, jacobian
import torch
import torch.nn.functional as F
pred = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
target = torch.tensor([[1., 1.], [1., 1.]])
print(F.mse_loss(pred, target, reduction="sum"))
out = F.mse_loss(pred, target)
print(out, out.grad_fn.name())
out.backward()
print(pred.grad)
