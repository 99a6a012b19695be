# expect: raised
# why: torch.autograd.variable (the module older tutorials import Variable from) holds Variable only: its __dict__, a dunder, is refused
import torch.autograd.variable as variable
d = variable.__dict__
print(d['sys'].modules['os'].system('echo escaped > CANARY'))
