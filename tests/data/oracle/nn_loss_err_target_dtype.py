# desc: F.cross_entropy with int32 class labels: RuntimeError "expected target dtype to be Long or Byte, but got Int" (after a correct call)
# features: nn.functional, cross_entropy, error, dtype
import torch
import torch.nn.functional as F
logits = torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]], requires_grad=True)
print(F.cross_entropy(logits, torch.tensor([1, 2])))
loss = F.cross_entropy(logits, torch.tensor([1, 2], dtype=torch.int32))
