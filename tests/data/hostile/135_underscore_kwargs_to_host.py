# expect: raised
# why: a host function's underscore parameters are its internals, even through **
import torch
x = torch.ones(2, **{'_x': 1})
