# desc: F.smooth_l1_loss (beta) and F.huber_loss (delta) across the quadratic and linear zones, beta=0 (PyTorch's l1 graph), reductions; out = smooth_l1_loss(reduction='none') with its Jacobian
# features: nn.functional, smooth_l1_loss, huber_loss, reduction, jacobian
import torch
import torch.nn.functional as F
x = torch.tensor([[0.2, -1.7, 3.0, 0.9], [-0.4, 2.2, -0.05, 1.1]], requires_grad=True)
y = torch.tensor([[0.0, 0.5, 1.0, 1.0], [0.3, -0.2, 0.0, 2.5]])
s = F.smooth_l1_loss(x, y)
h = F.huber_loss(x, y, delta=0.5)
print(s, s.grad_fn.name())
print(h, h.grad_fn.name())
print(F.smooth_l1_loss(x, y, beta=0.0).grad_fn.name())
print(F.smooth_l1_loss(x, y, beta=2.0, reduction="sum"))
print(F.huber_loss(x, y, reduction="none", delta=2.0))
(s * 1.3 + h * 0.7).backward()
print(x.grad)
out = F.smooth_l1_loss(x, y, reduction="none", beta=0.5)
out.backward(torch.ones(2, 4))
print(x.grad)
