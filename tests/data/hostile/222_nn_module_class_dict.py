# expect: raised
# why: nn.Module's class __dict__ (the host class's methods and internals) is refused
import torch
ns = torch.nn.Module.__dict__
print(ns['__setattr__'])
