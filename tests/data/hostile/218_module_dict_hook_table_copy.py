# expect: raised
# why: the hook tables in a module's __dict__ are copies: putting a hook in one registers nothing, so the assertion (the escape worked) fails
import torch
m = torch.nn.Linear(2, 2)
m.__dict__['_forward_hooks'][0] = lambda mod, i, o: print('hooked')
m(torch.ones(2))
assert len(m.__dict__['_forward_hooks']) == 1, 'the hook was not registered'
