# desc: F.batch_norm in training (batch statistics; running_mean/running_var moved by momentum toward the batch mean and the UNBIASED variance, in place, without a version bump) and in evaluation (running statistics), on (N, C) and (N, C, L) inputs; NativeBatchNormBackward0 and the gradients
# features: nn.functional, batch_norm, running statistics, training, eval
import torch
import torch.nn.functional as F
torch.manual_seed(3)
x = torch.randn(4, 3, requires_grad=True)
w = torch.randn(3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
rm = torch.zeros(3)
rv = torch.ones(3)
y = F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.2)
print(y)
print(y.grad_fn.name())
print(rm, rv, rm._version, rv._version)
y2 = F.batch_norm(x, rm, rv, w, b, training=True)
print(rm, rv)
ye = F.batch_norm(x, rm, rv, w, b)
print(ye, ye.grad_fn.name())
(y * torch.arange(12.0).reshape(4, 3)).sum().backward()
print(x.grad, w.grad, b.grad, sep="\n")
x.grad = None
w.grad = None
(ye * torch.arange(12.0).reshape(4, 3)).sum().backward()
print(x.grad, w.grad, sep="\n")
x3 = torch.randn(2, 2, 3, requires_grad=True)
y3 = F.batch_norm(x3, None, None, training=True, eps=1e-3)
print(y3)
out = F.batch_norm(x3, torch.zeros(2), torch.ones(2), torch.tensor([1.5, 0.5]), None, training=True)
out.backward(torch.arange(12.0).reshape(2, 2, 3))
print(x3.grad)
