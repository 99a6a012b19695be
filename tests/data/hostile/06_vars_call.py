# expect: rejected
# why: vars() is reflection
import torch
print(vars(torch))
