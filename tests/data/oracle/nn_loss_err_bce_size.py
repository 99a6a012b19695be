# desc: F.binary_cross_entropy_with_logits with a (N,) target for (N, 1) logits: ValueError "Target size (...) must be the same as input size (...)"
# features: nn.functional, binary_cross_entropy_with_logits, error, shape
import torch
import torch.nn.functional as F
logits = torch.tensor([[0.3], [-1.2], [2.0]], requires_grad=True)
labels = torch.tensor([1.0, 0.0, 1.0])
print(F.binary_cross_entropy_with_logits(logits.squeeze(1), labels))
loss = F.binary_cross_entropy_with_logits(logits, labels)
