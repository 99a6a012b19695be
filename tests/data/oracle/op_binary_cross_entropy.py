# desc: F.binary_cross_entropy on probabilities with float targets; gradient (p - t)/(p(1-p) n)
# features: binary_cross_entropy, loss, jacobian
import torch
import torch.nn.functional as F
p = torch.tensor([0.2, 0.7, 0.9], requires_grad=True)
t = torch.tensor([0., 1., 1.])
out = F.binary_cross_entropy(p, t)
print(out, out.grad_fn.name())
out.backward()
print(p.grad)
