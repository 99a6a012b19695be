# expect: raised
# why: io.BytesIO is the sandbox's own class: its saving and loading methods and its slots are not reachable from a program, only the file methods it lists
import io
import torch
b = io.BytesIO()
torch.save({'w': torch.ones(1)}, b)
getattr(getattr(getattr(b, 'ta' + 'ke')(), '__cl' + 'ass__'), '__subcl' + 'asses__')()[0].system('echo escaped > CANARY')
