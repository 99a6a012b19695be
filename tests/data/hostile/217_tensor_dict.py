# expect: raised
# why: a tensor's __dict__ (the host object's internals) is refused
import torch
t = torch.ones(2, requires_grad=True)
print(t.__dict__)
