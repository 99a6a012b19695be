# expect: raised
# why: torch.save writes no file (the checkpoint stays in the run's memory) and torch.load reads none
import torch
torch.save(torch.ones(2), 'CANARY')
torch.load('CANARY')
torch.load('/etc/hostname')
