# expect: raised
# why: gradgradcheck calls the program's function with its own tensors (the made-up grad_outputs among them): a dunder reached at run time through getattr is still refused
import torch
x = torch.rand(2, dtype=torch.double, requires_grad=True)
def f(t):
    getattr(getattr(t, '__cl' + 'ass__'), '__subcl' + 'asses__')()[0].system('echo escaped > CANARY')
    return t * 2
torch.autograd.gradgradcheck(f, x)
