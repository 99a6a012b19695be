# expect: rejected
# why: getattr is forbidden (and would reach torch's real module dict)
import torch
d = getattr(torch, '__dict__')
print(d['sys'].modules['os'])
