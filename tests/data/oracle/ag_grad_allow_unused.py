# desc: torch.autograd.grad with allow_unused=True returns None for an input not in the graph; materialize_grads=True returns zeros
# features: autograd.grad, allow_unused, materialize_grads, None-grad
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)
out = (x * 2).sum()
gx, gy = torch.autograd.grad(out, [x, y], allow_unused=True, retain_graph=True)
print(gx, gy)
gx2, gy2 = torch.autograd.grad(out, [x, y], materialize_grads=True)
print(gx2, gy2)
