# expect: limit
# why: CTC's loops over time and the extended target are the op's own Python: a thousand samples of 2,000 steps and 400 labels are stopped by the run's clock inside the op, not after it
import torch
import torch.nn.functional as F
lp = torch.zeros(2000, 1000, 2).log_softmax(2).requires_grad_()
targets = torch.ones(1000, 400, dtype=torch.long)
loss = F.ctc_loss(lp, targets, torch.full((1000,), 2000), torch.full((1000,), 400))
loss.backward()
print(loss)
