# expect: raised
# why: partial cannot carry underscore keywords to a host function
import functools
import torch
p = functools.partial(torch.ones, _internal=True)
p(2)
