# desc: F.nll_loss with a class index past the last class: IndexError "Target 3 is out of bounds."
# features: nn.functional, nll_loss, error, index
import torch
import torch.nn.functional as F
logp = torch.tensor([[-0.5, -1.0, -2.0], [-1.5, -0.2, -3.0]], requires_grad=True)
print(F.nll_loss(logp, torch.tensor([0, 2])))
loss = F.nll_loss(logp, torch.tensor([0, 3]))
