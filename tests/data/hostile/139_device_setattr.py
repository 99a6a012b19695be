# expect: raised
# why: a torch.device is read-only to programs (type and index can be read)
import torch
d = torch.device('cpu')
d.type = 'cuda'
