# desc: torch.autograd.grad twice on the same graph: first with retain_graph=True, second without; results equal, x.grad stays None
# features: autograd.grad, retain_graph, pow, 0-dim
import torch
x = torch.tensor(3., requires_grad=True)
out = x ** 2
g1 = torch.autograd.grad(out, x, retain_graph=True)
g2 = torch.autograd.grad(out, x)
print(g1, g2, x.grad)
