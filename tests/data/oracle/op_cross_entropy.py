# desc: F.cross_entropy with (2,3) logits and int64 targets [0, 2]: mean loss, gradient (softmax - onehot)/N
# features: cross_entropy, loss, dtype-int64, jacobian
import torch
import torch.nn.functional as F
logits = torch.tensor([[2., 1., 0.1], [0.5, 0.5, 2.]], requires_grad=True)
target = torch.tensor([0, 2])
out = F.cross_entropy(logits, target)
print(out, out.grad_fn.name(), target.dtype)
out.backward()
print(logits.grad)
