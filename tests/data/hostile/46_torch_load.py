# expect: raised
# why: torch.load does not exist here (it would unpickle a file)
import torch
state = torch.load('CANARY')
