# expect: raised
# why: copy.deepcopy of the torch module
import copy
import torch
t = copy.deepcopy(torch)
