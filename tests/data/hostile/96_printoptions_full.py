# expect: limit
# why: print a 10**7-element tensor in full: formatting in Python, no step counted
import torch
torch.set_printoptions(profile='full')
print(torch.rand(10 ** 7))
