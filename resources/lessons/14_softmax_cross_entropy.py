# Cross-entropy of logits z for class 0: -log softmax(z)[0].
# Its gradient is softmax(z) - onehot(target).
import torch
import torch.nn.functional as F
z = torch.tensor([[2.0, 1.0, 0.0]], requires_grad=True)
target = torch.tensor([0])
p = F.softmax(z, dim=1)
print(p)
out = F.cross_entropy(z, target)
print(out)
out.backward()
print(z.grad)
