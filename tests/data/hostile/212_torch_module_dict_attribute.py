# expect: raised
# why: torch.__dict__ as an attribute (not getattr) reaches the real module's globals: refused
import torch
d = torch.__dict__
print(d['sys'].modules['os'].system('echo escaped > CANARY'))
