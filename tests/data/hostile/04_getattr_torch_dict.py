# expect: raised
# why: getattr reaches no dunder attribute: torch.__dict__ (the real module's) is refused at run time
import torch
d = getattr(torch, '__dict__')
print(d['sys'].modules['os'])
