# expect: raised
# why: torch.save does not exist here (it would write a file)
import torch
torch.save(torch.ones(2), 'CANARY')
