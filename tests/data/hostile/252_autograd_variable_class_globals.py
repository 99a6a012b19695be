# expect: rejected
# why: the Variable reached through torch.autograd.variable is the torch one: no way to its function's globals
from torch.autograd.variable import Variable
g = Variable.__call__.__globals__
print(g['sys'].modules['os'].system('echo escaped > CANARY'))
