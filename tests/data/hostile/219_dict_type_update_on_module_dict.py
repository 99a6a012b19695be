# expect: raised
# why: dict.update(module.__dict__, ...) through the dict type is refused (a type lends no methods)
import torch
m = torch.nn.Linear(2, 2)
d = m.__dict__
dict.update(d, {'forward': print})
m(torch.ones(2))
